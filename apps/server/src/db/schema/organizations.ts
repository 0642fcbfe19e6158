import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts, timestamps } from './accounts.ts';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  platform: text('platform', { enum: ['google', 'microsoft'] }).notNull(),
  ownerAccountId: uuid('owner_account_id')
    .notNull()
    .references(() => accounts.id),
  isPersonal: boolean('is_personal').notNull().default(false),
  plan: text('plan', { enum: ['personal', 'freemium', 'basic', 'business', 'enterprise'] })
    .notNull()
    .default('personal'),
  /** Origins allowed to frame its public signing pages (issue #34 item 3), normalised `scheme://host[:port]`. */
  embedOrigins: text('embed_origins')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  ...timestamps,
});

export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.accountId] }),
    index('memberships_account_idx').on(t.accountId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The default role is given to every new member and cannot be deleted. */
    isDefault: boolean('is_default').notNull().default(false),
    /** Granted permission ids (SPEC §6); group markers are never stored. */
    permissions: integer('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [index('roles_org_idx').on(t.organizationId)],
);

export const roleAssignments = pgTable(
  'role_assignments',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.accountId] }),
    index('role_assignments_member_idx').on(t.organizationId, t.accountId),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    platform: text('platform', { enum: ['google', 'microsoft'] }).notNull(),
    invitedBy: uuid('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** SHA-256 of the 256-bit secret in the e-mailed link; the secret itself is never stored. */
    tokenHash: text('token_hash').unique(),
    /** After this the invite can no longer be accepted (INVITE_TTL_MS after it was last sent). */
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '14 days'`),
    /**
     * The account that opened this invite's e-mailed link (held the token) since it was last sent: the
     * only account with an unverified e-mail address that may see, accept or decline it.
     */
    linkAccountId: uuid('link_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The account that accepted or declined it. */
    respondedBy: uuid('responded_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invites_pending_idx')
      .on(t.organizationId, t.email)
      .where(sql`status = 'pending'`),
    index('invites_email_idx').on(t.email),
  ],
);
