import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export interface WizardData {
  step: number;
  data: Record<string, unknown>;
  skipped: number[];
}

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform', { enum: ['google', 'microsoft'] }).notNull(),
    /** The identity provider's subject (`sub`). */
    subId: text('sub_id').notNull(),
    /** Issuer that vouched for `sub_id`; a change of provider configuration never merges accounts. */
    issuer: text('issuer').notNull(),
    email: text('email').notNull(),
    /**
     * Whether the identity provider vouched for `email` at the last sign-in (Google `email_verified`,
     * Microsoft `xms_edov`/`email_verified`). An unverified address never matches invites by itself
     * (docs/decisions.md, "Invitations and unverified e-mail addresses").
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    picture: text('picture'),
    language: text('language', { enum: ['en', 'fi'] })
      .notNull()
      .default('en'),
    region: text('region').notNull().default('US'),
    timezone: text('timezone').notNull().default('Europe/Helsinki'),
    defaultOrganizationId: uuid('default_organization_id'),
    setupComplete: boolean('setup_complete').notNull().default(false),
    wizard: jsonb('wizard').$type<WizardData>().notNull().default({ step: 1, data: {}, skipped: [] }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounts_identity_idx').on(t.platform, t.issuer, t.subId),
    index('accounts_email_idx').on(t.email),
  ],
);

export const persons = pgTable('persons', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  givenName: text('given_name').notNull().default(''),
  familyName: text('family_name').notNull().default(''),
  address: text('address'),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    /** Public id, used to list and end sessions; never the secret. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the secret session id the client holds. */
    tokenHash: text('token_hash').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    selectedOrganizationId: uuid('selected_organization_id'),
    /** Set for a session opened with an API key (login type API): it acts as that key (api_keys). */
    apiKeyId: uuid('api_key_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_account_idx')
      .on(t.accountId)
      .where(sql`ended_at is null`),
  ],
);

/** An account's progress in a guide such as the dashboard tour (SPEC §3 Guide progress). */
export const guideProgress = pgTable(
  'guide_progress',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    complete: boolean('complete').notNull().default(false),
    /** The step reached, 0-based. */
    step: integer('step').notNull().default(0),
    /** The names of the steps the account has seen (done flag per step). */
    stepsDone: jsonb('steps_done').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
);
