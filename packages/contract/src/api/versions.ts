import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply } from '../envelope.ts';
import { document } from './document-model.ts';
import { isoDate, uuid } from './common.ts';

/** How a version came to be. */
export const VERSION_ORIGINS = [
  'created',
  'uploaded',
  'edited',
  'restored',
  'copied',
  'filled',
  /** The DOCX made once of an uploaded DOC, DOT, DOTX, ODT or RTF (the original stays version 1). */
  'converted',
] as const;
export type VersionOrigin = (typeof VERSION_ORIGINS)[number];

/** One file a document has had (issue 13 item 3); the highest number is the current file. */
export const documentVersion = z.object({
  number: z.number().int().min(1),
  origin: z.enum(VERSION_ORIGINS),
  /** The version a restore brought back. */
  restoredFrom: z.number().int().nullable(),
  created: isoDate,
  /** Who made it (their name, else address); null once their account is gone. */
  author: z.string().nullable(),
  extension: z.string(),
  size: z.number(),
  sha256: z.string(),
  /** Its PDF can be previewed (false while it is being made, or when it could not be). */
  hasPdf: z.boolean(),
  /** Its text can be compared. */
  hasText: z.boolean(),
  /** The signing rounds that were sent with this version (1 = the first round). */
  sentForSigning: z.array(z.number().int()),
});
export type DocumentVersion = z.infer<typeof documentVersion>;

/**
 * A text comparison in pieces, each the same in both, added or removed; `skipped` stands for a long
 * unchanged stretch left out (`length` characters) between the context kept around each change.
 */
export const textChange = z.object({
  op: z.enum(['same', 'added', 'removed', 'skipped']),
  text: z.string(),
  length: z.number().int().optional(),
});
export type TextChange = z.infer<typeof textChange>;

const versionParams = z.object({ id: uuid, number: z.coerce.number().int().min(1).max(1_000_000) });

export const versionsApi = {
  list: endpoint({
    id: 'versions.list',
    method: 'GET',
    path: '/documents/versions/:id',
    access: 'organization',
    summary: "A document's versions, newest first (documents view).",
    params: z.object({ id: uuid }),
    reply: okReply({ versions: z.array(documentVersion) }),
  }),
  content: endpoint({
    id: 'versions.content',
    method: 'GET',
    path: '/documents/version-content/:id/:number',
    access: 'organization',
    summary:
      "A version's PDF for the preview, base64 (documents view); 409 VERSION_PDF_MISSING when it has none " +
      '(still being made, or it could not be made).',
    params: versionParams,
    reply: okReply({ content: z.string(), contentMimeType: z.string() }),
  }),
  compare: endpoint({
    id: 'versions.compare',
    method: 'GET',
    path: '/documents/version-compare/:id',
    access: 'organization',
    summary:
      "Compares two versions' text word by word (documents view): the pieces of `to`'s text, each the same, " +
      'added or removed since `from`. 409 VERSION_TEXT_MISSING while a text is still being read; ' +
      '409 VERSION_COMPARE_TOO_LARGE when the texts differ too much to compare here.',
    params: z.object({ id: uuid }),
    query: z.object({
      from: z.coerce.number().int().min(1).max(1_000_000),
      to: z.coerce.number().int().min(1).max(1_000_000),
    }),
    reply: okReply({ changes: z.array(textChange) }),
  }),
  restore: endpoint({
    id: 'versions.restore',
    method: 'POST',
    path: '/documents/version-restore/:id',
    access: 'organization',
    summary:
      'Makes an earlier version current again, as a new version (documents edit; an editable document, else ' +
      '409 NOT_EDITABLE). 409 VERSION_IS_CURRENT when it already is the current file.',
    params: z.object({ id: uuid }),
    body: z.object({ number: z.number().int().min(1).max(1_000_000) }),
    reply: okReply({ document }),
  }),
} as const;
