import { errorReply, type ErrorReply } from '@sinetti/contract';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { accounts } from '../src/db/schema/index.ts';
import { createSession } from '../src/commands/sessions.ts';
import { upsertAccount, type VerifiedIdentity } from '../src/commands/upsert-account.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { openTestDatabase, testDbKind } from './db.ts';

export interface TestUser {
  token: string;
  accountId: string;
  personalOrganizationId: string;
  email: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** Creates an account (Personal organization included) and a session for it. */
  signUp(opts?: {
    email?: string;
    name?: string;
    platform?: 'google' | 'microsoft';
    setupComplete?: boolean;
    /** The identity as a sign-in would give it (e.g. from identityFromClaims); the fields above are then unused. */
    identity?: VerifiedIdentity;
  }): Promise<TestUser>;
  /** app.inject with the user's session-id and company-id headers. */
  call(user: TestUser | null, opts: InjectOptions & { company?: string }): Promise<LightMyRequestResponse>;
  /**
   * A new API key that `maker` makes in the organization it acts in (POST apikey/none, asserted 200): its id
   * and its secret, which the reply shows only once.
   */
  apiKey(
    maker: TestUser,
    permissions: number[],
    opts?: { name?: string; expires?: string | null },
  ): Promise<{ id: string; secret: string }>;
  /** The login of an API key (login type API) as an integration sends it; the reply as it comes. */
  keyLogin(secret: string): Promise<LightMyRequestResponse>;
  /**
   * A caller using a session of the key (its login asserted 200), sending `organizationId` in company-id as an
   * integration would. A key acts as no account: accountId and email are empty.
   */
  keySession(secret: string, organizationId: string): Promise<TestUser>;
  close(): Promise<void>;
}

/**
 * The env of a test app that converts with real LibreOffice. Every other test app converts with the test
 * stand-in (CONVERSION_ENGINE=test: a PDF of the document's text in milliseconds); the tests whose subject
 * is conversion or LibreOffice's output pass this (docs/decisions.md, "Test run time").
 */
export const LIBREOFFICE = { CONVERSION_ENGINE: 'libreoffice' } as const;

/** The configuration every API test starts from (its own env goes on top). */
export const TEST_ENV = {
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://sinetti.test',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  CONVERSION_ENGINE: 'test',
  // The anonymous verify lane's worker runs at the lowest CPU priority with 15 s per file: on a CI machine
  // busy with parallel test files it would starve and answer PDF_TOO_COMPLEX. A hang detector here, not a
  // budget; verify-budget*.test.ts set the limits they test.
  VERIFY_TIMEOUT_SECONDS: '120',
  // The reply cache (http/reply-cache.ts) is on with PGlite, which delivers a change's notification before the
  // writing statement returns, so every test reads through it. PostgreSQL delivers notifications on their own
  // connection a moment later: a test that writes to the database itself and reads again at once would be
  // answered the cached reply for that moment (as another process's reader is, by design). There the cache is
  // off, but in test/reply-cache.test.ts, which tests PostgreSQL's feed.
  REPLY_CACHE_MB: testDbKind === 'postgres' ? '0' : '32',
} as const;

/** The least a production configuration needs (for tests of what production refuses). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  ALLOW_UNENCRYPTED_SIGNING_KEYS: 'true',
  PUBLIC_URL: 'https://sinetti.example',
  GOOGLE_CLIENT_ID: 'id',
  GOOGLE_CLIENT_SECRET: 'secret',
  SMTP_URL: 'smtp://mail.sinetti.example',
} as const;

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { database?: Database; logLines?: string[] } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase(env.DATA_DIR));
  // Blobs (and the health check's probe) in a fresh directory unless the test chose a store.
  const ownBlobDir =
    env.BLOB_DIR || env.S3_BUCKET || env.DATA_DIR
      ? null
      : await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-test-blobs-'));
  const clock = new ManualClock(Date.parse('2026-06-01T09:00:00Z'));
  const config = loadConfig({
    ...TEST_ENV,
    ...(ownBlobDir ? { BLOB_DIR: ownBlobDir } : {}),
    ...env,
  });
  const logLines = opts.logLines;
  const app = await buildApp(config, {
    database,
    clock,
    // A test that reads the log (log-secrets.test.ts) collects its lines; the others log nothing.
    ...(logLines ? { logStream: { write: (line: string) => void logLines.push(line) } } : { logger: false }),
  });
  await app.ready();

  const signUp: TestApp['signUp'] = async (opts = {}) => {
    const [given = '', family = ''] = (opts.name ?? 'Test User').split(' ');
    const identity = opts.identity ?? {
      platform: opts.platform ?? 'google',
      issuer: 'http://sinetti.test/oidc',
      sub: randomBytes(8).toString('hex'),
      email: opts.email ?? uniqueEmail(),
      givenName: given,
      familyName: family,
      picture: null,
    };
    const { email } = identity;
    const { account } = await upsertAccount(database.db, identity, { ip: '127.0.0.1', userAgent: 'test' });
    if (opts.setupComplete !== false) {
      await database.db.update(accounts).set({ setupComplete: true }).where(eq(accounts.id, account.id));
    }
    const { token } = await createSession(database.db, clock, {
      accountId: account.id,
      selectedOrganizationId: account.defaultOrganizationId,
      ip: '127.0.0.1',
      userAgent: 'test',
    });
    return {
      token,
      accountId: account.id,
      personalOrganizationId: account.defaultOrganizationId ?? '',
      email,
    };
  };

  const call: TestApp['call'] = (user, opts) => {
    const { company, headers, ...rest } = opts;
    return app.inject({
      ...rest,
      headers: {
        'application-id': 'Frontend',
        ...(user ? { 'session-id': user.token, 'company-id': company ?? user.personalOrganizationId } : {}),
        ...headers,
      },
    });
  };

  const apiKey: TestApp['apiKey'] = async (maker, permissions, opts = {}) => {
    const res = await call(maker, {
      method: 'POST',
      url: '/api/authentication/apikey/none',
      payload: { name: 'Test key', ...opts, permissions },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().apiKey.id as string, secret: res.json().secret as string };
  };

  const keyLogin: TestApp['keyLogin'] = (secret) =>
    app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      headers: { 'application-id': 'Frontend', 'user-agent': 'crm-sync/1.0' },
      payload: { type: 'API', credential: secret },
    });

  const keySession: TestApp['keySession'] = async (secret, organizationId) => {
    const res = await keyLogin(secret);
    expect(res.statusCode, res.body).toBe(200);
    return {
      token: res.json().session.id as string,
      accountId: '',
      personalOrganizationId: organizationId,
      email: '',
    };
  };

  return {
    app,
    database,
    clock,
    config,
    signUp,
    call,
    apiKey,
    keyLogin,
    keySession,
    close: async () => {
      await app.close();
      await database.close();
      if (ownBlobDir) await fsp.rm(ownBlobDir, { recursive: true, force: true });
    },
  };
}

/** Asserts the contract's error envelope and returns the parsed body. */
export function errorOf(res: LightMyRequestResponse): ErrorReply {
  return errorReply.parse(res.json());
}
