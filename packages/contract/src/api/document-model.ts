import { z } from 'zod';
import { DOCUMENT_STATE } from '../constants.ts';
import { uuid, isoDate, platform } from './common.ts';
import { nameText } from './names.ts';

export const DOCUMENT_TYPES = ['folder', 'contract', 'contract-noedit', 'template', 'file'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What "New …" in the create menu makes: a folder, or an empty DOCX contract or template. */
export const CREATE_TYPES = ['folder', 'contract', 'template'] as const;
export type CreateType = (typeof CREATE_TYPES)[number];

/**
 * Progress of the PDF rendition: `none` (folders, PDFs are their own rendition, images and other files
 * have none), `pending` (queued or converting), `done`, `failed` (the original is kept; no preview).
 */
export const CONVERSION_STATUSES = ['none', 'pending', 'done', 'failed'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/**
 * Why a conversion failed (never retried): `TOO_LARGE` the file expands past the conversion limits (too much
 * text, too many parts, nested too deep: a ZIP bomb or simply too big), `TIMEOUT` the converter ran out of
 * time on it, `UNREADABLE` the converter cannot read it (damaged, or not what its extension says).
 */
export const CONVERSION_FAILURES = ['TOO_LARGE', 'TIMEOUT', 'UNREADABLE'] as const;
export type ConversionFailure = (typeof CONVERSION_FAILURES)[number];

/** Filtered list names (SPEC §2.1 /filtered/{filter}) and the state each one shows. */
export const DOCUMENT_FILTERS = {
  draft: DOCUMENT_STATE.Draft,
  signing: DOCUMENT_STATE.Signing,
  signed: DOCUMENT_STATE.Signed,
  archived: DOCUMENT_STATE.Archived,
} as const;
export type DocumentFilter = keyof typeof DOCUMENT_FILTERS;

export const DOCUMENT_NAME_MAX = 255;
/** Dashboard counters count documents updated within this many days ("the last month"). */
export const STATS_PERIOD_DAYS = 30;
/** Default and largest page of a folder listing. */
export const LIST_PAGE_DEFAULT = 50;
export const LIST_PAGE_MAX = 1000;
export const SEARCH_LIMIT_MAX = 100;
/** Deepest offset of a search listing (a filtered list, the template library). */
export const SEARCH_OFFSET_MAX = 100_000;
export const SEARCH_TEXT_MAX = 200;

/** A document, folder or template name: trimmed, 1 to 255 characters, no control characters or slashes. */
export const documentName = (message = 'Please enter a name.') =>
  nameText({ max: DOCUMENT_NAME_MAX, message }).refine((s) => !/[/\\]/.test(s), {
    error: 'A name cannot contain slashes.',
  });

export const document = z.object({
  id: uuid,
  created: isoDate,
  updated: isoDate,
  name: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  /** Lower-case extension of the original file; '' for folders. */
  extension: z.string(),
  /** SPEC §4.1 state number (1 draft, 10 published, 20 signing, 30 signed, 40 archived). */
  state: z.number().int(),
  platform,
  /** Account id of the creator, or null once that account is gone. */
  owner: uuid.nullable(),
  /** Folder id, or null at the top level. */
  parent: uuid.nullable(),
  /** Media type of the original file; null for folders. */
  mimeType: z.string().nullable(),
  /** Size of the original in bytes; null for folders and while a new document is being made. */
  size: z.number().int().nullable(),
  conversion: z.enum(CONVERSION_STATUSES),
  /** Why `conversion` is `failed` (null otherwise; absent from older servers). */
  conversionFailure: z.enum(CONVERSION_FAILURES).nullable().optional(),
  /** A template or contract (not contract-noedit) whose state is below Signing. */
  editable: z.boolean(),
});
export type Document = z.infer<typeof document>;

export const documentIdBody = z.object({ documentId: uuid });

/**
 * What the caller may do with one document now, computed by the server from their permissions, the
 * document's roles and its state (docs/decisions.md "Authorization"). The web app offers exactly these
 * actions and never re-derives the rules.
 */
export const documentAbilities = z.object({
  view: z.boolean(),
  /** Preview and download its file (not for folders). */
  download: z.boolean(),
  rename: z.boolean(),
  move: z.boolean(),
  delete: z.boolean(),
  archive: z.boolean(),
  restore: z.boolean(),
  /** Open it in the external editor. */
  edit: z.boolean(),
  /** Add and remove signees. */
  editSignees: z.boolean(),
  send: z.boolean(),
  cancel: z.boolean(),
  /** Remind its signees who have not signed (documents edit while it is out for signing). */
  remind: z.boolean(),
  /** Make a contract from this template (or copy this folder). */
  convert: z.boolean(),
  /** Send this template to many people from a CSV (bulk send: documents create and edit, a person's session). */
  bulkSend: z.boolean(),
  /** Create or upload documents inside this folder. */
  createInside: z.boolean(),
  /** See which roles may see this document (the permissions action). */
  viewRoles: z.boolean(),
  /** Add roles to it. */
  editRoles: z.boolean(),
  /** Make, list and revoke read-only links to its PDF for people outside the organization. */
  share: z.boolean(),
  /** Remove roles from it. */
  deleteRoles: z.boolean(),
});
export type DocumentAbilities = z.infer<typeof documentAbilities>;
