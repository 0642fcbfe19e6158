import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { organizations } from './organizations.ts';

/**
 * Webhook endpoints of an organization (issue #34 item 2; docs/decisions.md "Webhooks"). The secret is
 * `whsec_<base64 of 32 random bytes>` (Standard Webhooks): kept as it is, because every delivery is
 * signed with it; it is shown to the organization's managers (organization edit details) only.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    /** The event types delivered to it (document.sent, …). */
    events: text('events')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was turned off by the server (`gone`: the receiver answered 410); null when on or turned off by hand. */
    disabledReason: text('disabled_reason'),
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId, t.createdAt)],
);

/** One attempt's outcome, kept in the delivery's log. */
export interface WebhookAttempt {
  at: string;
  /** The receiver's HTTP status, or null when there was none (refused, timed out, unreachable). */
  status: number | null;
  ms: number;
  error: string | null;
}

/**
 * One event to one endpoint: its payload, its state and the log of its attempts. A manual redelivery is a
 * new row with the same event id (the `webhook-id` header stays the same, so receivers can de-duplicate).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    /** `evt_…`: the same for every endpoint and every redelivery of one event. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending → succeeded | failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseMs: integer('response_ms'),
    error: text('error'),
    attemptLog: jsonb('attempt_log')
      .$type<WebhookAttempt[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);
