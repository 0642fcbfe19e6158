import type { NotificationKind } from '@sinetti/contract';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { documents } from './documents.ts';
import { organizations } from './organizations.ts';

/** Names shown in a notification, kept as they were when it happened. */
export interface NotificationData {
  documentName: string;
  signeeName?: string;
}

/** One in-app notification for one member (the recipient), about one of an organization's documents. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    /** What it tells (the contract's NOTIFICATION_KIND_NAMES). */
    kind: text('kind').$type<NotificationKind>().notNull(),
    data: jsonb('data').$type<NotificationData>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_account_idx').on(t.accountId, t.createdAt, t.id)],
);
