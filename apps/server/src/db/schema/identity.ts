import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One sign-in in progress: PKCE verifier and nonce, keyed by the hashed `state`. */
export const loginAttempts = pgTable('login_attempts', {
  stateHash: text('state_hash').primaryKey(),
  platform: text('platform', { enum: ['google', 'microsoft'] }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirect: text('redirect'),
  /** SHA-256 of the starting browser's binding secret (its sign-in cookie): login CSRF protection. */
  browserHash: text('browser_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Storage of the built-in OpenID Connect provider (oidc-provider adapter). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
  ],
);

/** People who signed in through the built-in provider (development only). */
export const localIdpAccounts = pgTable('local_idp_accounts', {
  sub: text('sub').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets the instance generates for itself on first start (provider signing keys, cookie keys). */
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
