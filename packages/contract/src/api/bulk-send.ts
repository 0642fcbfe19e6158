import { z } from 'zod';
import { CURRENCY } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { okReply } from '../envelope.ts';
import { errorCodes, type ErrorCode } from '../errors.ts';
import { errorReason } from '../reasons.ts';
import { BULK_SEND_CSV_MAX, BULK_SEND_ROWS_MAX } from './bulk-csv.ts';
import { idParams, isoDate, uuid } from './common.ts';

export * from './bulk-csv.ts';

/**
 * Bulk send (issue #33 item 4; docs/decisions.md "Bulk send"): Use template and send, once per CSV row, in
 * a background job. Every call needs documents create and documents edit (what Use template and send
 * need), a person's session (not an API key), and the template seen by the caller; another organization's
 * template or bulk send is 404.
 */

/** Why a whole CSV cannot be used (the preview lists these; start refuses with BULK_SEND_INVALID). */
export const BULK_FILE_PROBLEMS = [
  'unclosedQuote',
  'noRows',
  'tooManyRows',
  'missingColumn',
  'unknownColumn',
  'duplicateColumn',
  /** The header names more columns than the template could use (`count` against `max`). */
  'tooManyColumns',
] as const;

/** The preview lists at most this many file problems and this many rows (the counts cover them all). */
export const BULK_PREVIEW_LIST_MAX = 100;

/** Why one cell of a row cannot be used. */
export const BULK_CELL_PROBLEMS = [
  'email',
  'duplicateEmail',
  'name',
  'empty',
  'tooLong',
  'notDate',
  'notNumber',
  'columns',
] as const;

export const BULK_ROW_STATUSES = ['pending', 'created', 'sent', 'failed'] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];

const csvBody = z.object({
  /** The CSV text (UTF-8): a header row, then one row per document. */
  csv: z.string().max(BULK_SEND_CSV_MAX, { message: `At most ${BULK_SEND_CSV_MAX} characters.` }),
});

const person = z.object({
  role: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
});

export const bulkPreviewRow = z.object({
  /** The row's number in the CSV, the header being row 1 (as a spreadsheet numbers it). */
  line: z.number().int(),
  name: z.string(),
  signees: z.array(person),
  values: z.record(z.string(), z.string()),
  /** Column header → problem; empty when the row can be sent. */
  problems: z.record(z.string(), z.enum(BULK_CELL_PROBLEMS)),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRow>;

export const bulkPreview = z.object({
  roles: z.array(z.string()),
  fields: z.array(z.string()),
  /** At most BULK_PREVIEW_LIST_MAX of them; fileProblemCount counts them all. */
  fileProblems: z.array(
    z.object({
      problem: z.enum(BULK_FILE_PROBLEMS),
      column: z.string().optional(),
      line: z.number().optional(),
      /** tooManyColumns: the header's named columns, and the most the template could use. */
      count: z.number().int().optional(),
      max: z.number().int().optional(),
    }),
  ),
  fileProblemCount: z.number().int(),
  /**
   * At most BULK_PREVIEW_LIST_MAX rows: those with problems first, then the others, each in file order.
   * rowCount counts every row of the file, validRows those without problems.
   */
  rows: z.array(bulkPreviewRow),
  rowCount: z.number().int(),
  validRows: z.number().int(),
  currency: z.literal(CURRENCY),
  /** What sending one document costs (the template's own signees and the role signees at their levels). */
  perDocumentCents: z.number().int(),
  /** For the valid rows. */
  totalCents: z.number().int(),
  /** Null without organization view balance (as the send quote). */
  balanceCents: z.number().int().nullable(),
  balanceAfterCents: z.number().int().nullable(),
  enough: z.boolean().nullable(),
  /** E-mails the valid rows send (signing requests) and the organization's hourly e-mail limit. */
  emailCount: z.number().int(),
  emailLimitPerHour: z.number().int(),
});
export type BulkPreview = z.infer<typeof bulkPreview>;

export const bulkSendSummary = z.object({
  id: uuid,
  templateId: uuid.nullable(),
  templateName: z.string(),
  /** running: rows are still pending; done: every row is sent or failed. */
  status: z.enum(['running', 'done']),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  /** Set while the next rows wait for the organization's hourly e-mail limit. */
  waitingUntil: isoDate.nullable(),
  createdAt: isoDate,
});
export type BulkSendSummary = z.infer<typeof bulkSendSummary>;

export const bulkSendRow = z.object({
  line: z.number().int(),
  name: z.string(),
  emails: z.array(z.string()),
  /** `created`: the document is made and waits for its PDF or the e-mail limit before it is sent. */
  status: z.enum(BULK_ROW_STATUSES),
  documentId: uuid.nullable(),
  /** Why a failed row failed: an error code (or LIMIT_LOW_BALANCE) and its reason when it has one. */
  error: z
    .object({
      code: z.union([z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]), z.literal('LIMIT_LOW_BALANCE')]),
      reason: errorReason.optional(),
    })
    .nullable(),
});
export type BulkSendRow = z.infer<typeof bulkSendRow>;

export const bulkSendApi = {
  preview: endpoint({
    id: 'bulkSend.preview',
    method: 'POST',
    path: '/bulk-send/preview/:id',
    access: 'organization',
    summary:
      'Checks a CSV for a bulk send from the template :id: the problems of the file and of each row (as Use ' +
      'template checks them), the cost, the balance after (with organization view balance) and the e-mails ' +
      `against the hourly limit. At most ${BULK_SEND_ROWS_MAX} rows; the reply lists at most ` +
      `${BULK_PREVIEW_LIST_MAX} file problems and ${BULK_PREVIEW_LIST_MAX} rows (problems first), with counts ` +
      'of all. Creates nothing.',
    params: idParams,
    body: csvBody,
    reply: okReply({ preview: bulkPreview }),
  }),
  start: endpoint({
    id: 'bulkSend.start',
    method: 'POST',
    path: '/bulk-send/start/:id',
    access: 'organization',
    summary:
      'Starts a bulk send: each row becomes a contract in the template’s folder, sent to its signees in the ' +
      'background. 400 BULK_SEND_INVALID when the preview has problems; 409 BULK_SEND_RUNNING while another ' +
      'bulk send of the organization runs. A row the balance no longer covers fails with LIMIT_LOW_BALANCE, and ' +
      'so do the rows after it (retry them after a top-up); the balance is never overdrawn.',
    params: idParams,
    body: csvBody,
    reply: okReply({ bulkSend: bulkSendSummary }),
  }),
  info: endpoint({
    id: 'bulkSend.info',
    method: 'GET',
    path: '/bulk-send/info/:id',
    access: 'organization',
    summary:
      'A bulk send’s progress and every row’s status, error and document; mayRetry: whether the caller may ' +
      'retry its failed rows (who started it, or the owner).',
    params: idParams,
    reply: okReply({ bulkSend: bulkSendSummary, rows: z.array(bulkSendRow), mayRetry: z.boolean() }),
  }),
  retry: endpoint({
    id: 'bulkSend.retry',
    method: 'POST',
    path: '/bulk-send/retry/:id',
    access: 'organization',
    summary:
      'Queues the failed rows again (only those; a row whose document was made keeps it). They are sent as ' +
      'whoever started the bulk send, so only they (a key: only the one it started with) or the owner may ' +
      'retry: 403 for anyone else who sees it (404, as info, when the caller may not see it, another ' +
      'organization’s or missing). 409 BULK_SEND_NOTHING_TO_RETRY without failed rows.',
    params: idParams,
    reply: okReply({ bulkSend: bulkSendSummary }),
  }),
  list: endpoint({
    id: 'bulkSend.list',
    method: 'GET',
    path: '/bulk-send/list',
    access: 'organization',
    summary: 'The organization’s bulk sends, newest first (at most 50).',
    reply: okReply({ bulkSends: z.array(bulkSendSummary) }),
  }),
} as const;
