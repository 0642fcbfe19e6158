import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { organizations } from './organizations.ts';

/**
 * Organization API keys (issue #34 item 1; docs/decisions.md "API keys"). The key the client holds is
 * `snt_<public_id>_<secret>`; only the SHA-256 of the secret is stored, looked up by the public id.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Whose permissions the key draws on (it never holds more than this account does now). */
    createdByAccountId: uuid('created_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** 16 hex characters, the part of the key that finds its row; not secret. */
    publicId: text('public_id').notNull().unique(),
    /** SHA-256 (hex) of the 256-bit secret part. */
    secretHash: text('secret_hash').notNull(),
    permissions: integer('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute (API_KEY_TOUCH_MS). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByAccountId: uuid('revoked_by_account_id'),
  },
  (t) => [index('api_keys_org_idx').on(t.organizationId, t.createdAt)],
);
