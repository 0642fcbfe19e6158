import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { documents } from './documents.ts';
import { organizations } from './organizations.ts';

/**
 * Bulk sends (issue #33 item 4; docs/decisions.md "Bulk send"): a template made into one contract per CSV
 * row and sent, by the job in commands/bulk-send. At most one runs per organization at a time.
 */
export const bulkSends = pgTable(
  'bulk_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => documents.id, { onDelete: 'set null' }),
    /** Kept for the list when the template is gone. */
    templateName: text('template_name').notNull(),
    /**
     * The folder the contracts go into (the template's when started); null: the top level. No foreign key:
     * a folder deleted while the bulk send runs must not turn into the top level (its rows fail NOT_FOUND).
     */
    parentId: uuid('parent_id'),
    /** Who started it: the job acts as them, with their permissions at the time of each row. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /**
     * The API key it was started with, if any: the job then acts with what the key carries (and stops when
     * it is revoked or expires). No foreign key: a deleted key must not turn into the person's full rights.
     */
    apiKeyId: uuid('api_key_id'),
    /** running while rows are pending or created; done when every row is sent or failed. */
    status: text('status', { enum: ['running', 'done'] }).notNull(),
    /** The next rows wait for the organization's hourly e-mail limit until then. */
    waitingUntil: timestamp('waiting_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_sends_org_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('bulk_sends_one_running')
      .on(t.organizationId)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** The people of one row, one per role of the template. */
export interface BulkRowSignee {
  role: string;
  email: string;
  givenName: string;
  familyName: string;
}

/**
 * One row: pending → created (its contract is made; documentId set in the same transaction) → sent, or
 * failed with an error code and reason. A failed row retried goes back to pending and keeps its document.
 */
export const bulkSendRows = pgTable(
  'bulk_send_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bulkSendId: uuid('bulk_send_id')
      .notNull()
      .references(() => bulkSends.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    /** The row's number in the CSV (the header is 1); rows are worked in this order. */
    line: integer('line').notNull(),
    name: text('name').notNull(),
    signees: jsonb('signees').$type<BulkRowSignee[]>().notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['pending', 'created', 'sent', 'failed'] }).notNull(),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    errorCode: text('error_code'),
    errorReason: text('error_reason'),
    /** A worker holds the row until then (a crashed worker's row is taken again after it). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * The current claim's token (commands/bulk-send/lease.ts): every write of an outcome names it, so a
     * worker whose lease ran out and whose row was claimed again changes nothing. Null when not held.
     */
    leaseToken: uuid('lease_token'),
    /** Not worked before then (its PDF is being made, or the e-mail limit is reached). */
    waitUntil: timestamp('wait_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bulk_send_rows_line').on(t.bulkSendId, t.line),
    index('bulk_send_rows_status_idx').on(t.bulkSendId, t.status, t.line),
  ],
);
