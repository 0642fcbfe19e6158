import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Language } from '@sinetti/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import type { AuthorizationRequest, OidcEidProvider, ProviderResponse } from '../src/services/eid/types.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { openTestDatabase } from './db.ts';
import { TEST_ENV } from './helper.ts';
import { CookieJar, PUBLIC_URL, browse } from './oidc-browser.ts';

export const RETURN_URI = `${PUBLIC_URL}/public/signing/return`;

/** An app with the TEST eID provider mounted (app.ts mounts it with EID_TEST_PROVIDERS=on), plus any env given. */
export async function buildEidApp(
  env: Record<string, string> = {},
  /** Collects the app's log lines (at LOG_LEVEL, default silent). */
  logLines?: string[],
  /** Another app's database (a second process of the same instance); it stays open on close. */
  shared?: Database,
): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  const database = shared ?? (await openTestDatabase());
  const blobDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-test-eid-blobs-'));
  const config = loadConfig({
    ...TEST_ENV,
    BLOB_DIR: blobDir,
    EID_TEST_PROVIDERS: 'on',
    ...env,
  });
  const app = await buildApp(config, {
    database,
    clock: new ManualClock(Date.now()),
    ...(logLines ? { logStream: { write: (line: string) => void logLines.push(line) } } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!shared) await database.close();
      await fsp.rm(blobDir, { recursive: true, force: true });
    },
  };
}

/** A started identification: the stored request and the browser at the TEST provider's login page. */
export interface TestEidVisit {
  request: AuthorizationRequest;
  jar: CookieJar;
  pagePath: string;
  page: LightMyRequestResponse;
}

export async function openTestEidPage(
  app: FastifyInstance,
  adapter: OidcEidProvider,
  lang: Language = 'en',
): Promise<TestEidVisit> {
  const request = await adapter.begin({ redirectUri: RETURN_URI, lang, method: 'fi-trust-network' });
  const jar = new CookieJar();
  const auth = await browse(app, jar, request.url);
  expect(auth.statusCode).toBe(303);
  const pagePath = String(auth.headers.location);
  expect(pagePath).toMatch(/^\/test-eid-login\/[\w-]+$/);
  const page = await browse(app, jar, pagePath);
  return { request, jar, pagePath, page };
}

/** Posts the login page and follows the provider's redirects back to Sinetti's return page. */
export async function submitTestEid(
  app: FastifyInstance,
  visit: TestEidVisit,
  form: Record<string, string>,
): Promise<ProviderResponse> {
  let res = await browse(app, visit.jar, visit.pagePath, { method: 'POST', form });
  for (let hop = 0; hop < 10; hop++) {
    expect([302, 303]).toContain(res.statusCode);
    const location = new URL(String(res.headers.location), PUBLIC_URL);
    if (location.href.startsWith(RETURN_URI)) {
      const get = (k: string) => location.searchParams.get(k) ?? undefined;
      return {
        state: get('state') ?? '',
        code: get('code'),
        iss: get('iss'),
        error: get('error'),
        errorDescription: get('error_description'),
      };
    }
    res = await browse(app, visit.jar, location.href);
  }
  throw new Error('too many redirects');
}

/** The stored request as the lead's signing flow keeps it. */
export function checksOf(request: AuthorizationRequest): {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
} {
  return {
    state: request.state,
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    redirectUri: RETURN_URI,
  };
}
