/**
 * Matrix rows (authorization-matrix.test.ts) of bulk send (issue #33 item 4): preview and start need to see
 * the template and documents create and edit; a bulk send is seen by the senders who see its template and
 * retried only by whoever started it and the owner. The fixture's template has no fields, and no roles unless the documents.setTemplateRoles row has
 * given it one: a CSV of document names is valid once start's `fresh` has cleared them.
 */
import { P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { bulkSends, documents } from '../src/db/schema/index.ts';
import { json, type Fixture, type Objects, type Row } from './matrix-kit.ts';

const SENDER = [[P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT]];
/** The calls about a bulk send check create and edit; seeing its template is the document roles' part. */
const SENDER_EDIT = [[P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT]];
const csv = { csv: 'document name\nMatrix bulk copy\n' };

/**
 * One running bulk send per organization: each allowed start finds the earlier ones finished. And the
 * template as the CSV expects it: the documents.setTemplateRoles row may have given it a role since, whose
 * e-mail column the CSV lacks (400 BULK_SEND_INVALID, missingColumn).
 */
async function noneRunning(o: Objects, { t }: Fixture): Promise<Partial<Objects>> {
  await t.database.db
    .update(bulkSends)
    .set({ status: 'done' })
    .where(eq(bulkSends.organizationId, o.organizationId));
  await t.database.db.update(documents).set({ signeeRoles: null }).where(eq(documents.id, o.template));
  return {};
}

export const BULK_SEND_ROWS: Record<string, Row> = {
  'bulkSend.preview': {
    kind: 'object',
    subject: 'document',
    grants: SENDER,
    request: (o) => json('POST', `/api/bulk-send/preview/${o.template}`, csv),
  },
  'bulkSend.start': {
    kind: 'object',
    subject: 'document',
    grants: SENDER,
    request: (o) => json('POST', `/api/bulk-send/start/${o.template}`, csv),
    fresh: noneRunning,
  },
  // The fixture's bulk sends (one per organization) are seen by every sender who sees their templates.
  'bulkSend.info': {
    kind: 'object',
    grants: SENDER_EDIT,
    request: (o) => json('GET', `/api/bulk-send/info/${o.bulkSend}`),
  },
  // Retried only by who started it (the fixture's: the owner) or the owner. Another organization's is 404
  // first, to the owner too (bulk-send-runs.test.ts: the same answer as a missing id); every other sender of
  // the organization, who sees it, 403. None of its rows has failed: the owner's retry is 409
  // BULK_SEND_NOTHING_TO_RETRY (or BULK_SEND_RUNNING).
  'bulkSend.retry': {
    kind: 'object',
    grants: SENDER_EDIT,
    ownerOnly: true,
    ok: 409,
    request: (o) => json('POST', `/api/bulk-send/retry/${o.bulkSend}`),
  },
  'bulkSend.list': { kind: 'scope', grants: SENDER_EDIT, request: () => json('GET', '/api/bulk-send/list') },
};
