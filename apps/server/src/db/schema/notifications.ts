import type { NotificationKind, NotificationSettings } from '@sinetti/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { documents } from './documents.ts';
import { organizations } from './organizations.ts';

/** Names shown in a notification, kept as they were when it happened. */
export interface NotificationData {
  documentName: string;
  signeeName?: string;
  roleName?: string;
  /** balance-low: cents left. */
  balance?: number;
}

/** Where a notification's e-mail stands: none wanted, about to be queued (a job), waiting for the daily digest, or sent to the mail queue. */
export type NotificationEmail = 'none' | 'queued' | 'digest' | 'sent';

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
    /** Listed in the app: false when the member wants this kind by e-mail only. */
    inApp: boolean('in_app').notNull().default(true),
    email: text('email').$type<NotificationEmail>().notNull().default('none'),
  },
  (t) => [
    index('notifications_account_idx').on(t.accountId, t.createdAt, t.id),
    index('notifications_digest_idx')
      .on(t.accountId)
      .where(sql`${t.email} = 'digest'`),
  ],
);

/** A member's notification settings (Profile → Notifications); no row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<NotificationSettings>().notNull(),
  /** When the last daily digest was queued: one a Helsinki day. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
