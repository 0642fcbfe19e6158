import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Fixed-window rate-limit counters, shared by every API process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Append-only record of changes that matter to trust. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    accountId: uuid('account_id'),
    organizationId: uuid('organization_id'),
    subjectId: uuid('subject_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_org_idx').on(t.organizationId, t.createdAt),
    index('audit_events_subject_idx').on(t.subjectId),
  ],
);
