import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { documents } from './documents.ts';
import { organizations } from './organizations.ts';

/**
 * Who has a document open in the editor (issue 13 item 2): one row per document, renewed by the editor's
 * heartbeat; a row not renewed within EDIT_LOCK_TTL_MS has lapsed and is taken over by the next editor.
 */
export const documentEditLocks = pgTable('document_edit_locks', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
});
