import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk } from '../envelope.ts';
import { isoDate, uuid } from './common.ts';

/** Active (not revoked, not expired) share links one document may have at once. */
export const SHARE_LINKS_MAX = 20;
/** The longest a share link may be set to last. */
export const SHARE_MAX_DAYS = 365;

export const SHARE_LINK_STATES = ['active', 'expired', 'revoked'] as const;

/** A read-only link to a document's PDF for someone outside the organization (issue 13 item 5). */
export const shareLink = z.object({
  id: uuid,
  created: isoDate,
  /** Who made it (their name, else address); null once their account is gone. */
  createdBy: z.string().nullable(),
  /** Null: until revoked. */
  expires: isoDate.nullable(),
  allowDownload: z.boolean(),
  state: z.enum(SHARE_LINK_STATES),
  opens: z.number(),
  lastOpened: isoDate.nullable(),
});
export type ShareLink = z.infer<typeof shareLink>;

const shareToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a share link.');

export const sharesApi = {
  list: endpoint({
    id: 'shares.list',
    method: 'GET',
    path: '/documents/shares/:id',
    access: 'organization',
    summary: "A document's share links, newest first (documents edit roles, 23).",
    params: z.object({ id: uuid }),
    reply: okReply({ shares: z.array(shareLink) }),
  }),
  create: endpoint({
    id: 'shares.create',
    method: 'POST',
    path: '/documents/shares/:id',
    access: 'organization',
    summary:
      'Creates a read-only link to the document’s PDF (documents edit roles, 23): optional expiry (end of that ' +
      'moment), optional download. The link is in the reply only: the server keeps a hash of it.',
    params: z.object({ id: uuid }),
    body: z.object({
      expires: z.iso.datetime({ offset: true }).nullable().default(null),
      allowDownload: z.boolean().default(false),
    }),
    reply: okReply({ share: shareLink, url: z.string() }),
  }),
  revoke: endpoint({
    id: 'shares.revoke',
    method: 'POST',
    path: '/documents/shares/:id/revoke/:share',
    access: 'organization',
    summary: 'Revokes one of the document’s share links; the link stops working at once.',
    params: z.object({ id: uuid, share: uuid }),
    reply: simpleOk,
  }),
  open: endpoint({
    id: 'shares.open',
    method: 'GET',
    path: '/public/share/:token',
    access: 'public',
    summary:
      'What a share link shows: the document’s name, the organization’s, whether it may be downloaded, and its ' +
      'PDF (base64). Every open is recorded in the document’s audit trail. 404 SHARE_LINK_ENDED once revoked, ' +
      'expired, or when its maker can no longer see the document.',
    params: z.object({ token: shareToken }),
    reply: okReply({
      documentName: z.string(),
      organizationName: z.string(),
      allowDownload: z.boolean(),
      expires: isoDate.nullable(),
      content: z.string(),
    }),
  }),
  download: endpoint({
    id: 'shares.download',
    method: 'GET',
    path: '/public/share/:token/download',
    access: 'public',
    summary: 'The shared PDF as an attachment, when the link allows downloading (not JSON).',
    params: z.object({ token: shareToken }),
    reply: z.string().describe('binary file'),
  }),
} as const;
