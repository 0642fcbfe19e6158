import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { TEST_ENV } from './helper.ts';
import type { ProviderResponse } from '../src/services/eid/types.ts';
import { openTestDatabase } from './db.ts';

/** Drives the built-in TEST CSC service as a browser would (app.inject), for test/eid-csc*.test.ts. */

export interface CscTestApp {
  app: FastifyInstance;
  clock: ManualClock;
  config: Config;
  redirectUri: string;
  close(): Promise<void>;
}

/** An app with the TEST CSC service mounted (app.ts mounts it with EID_TEST_PROVIDERS=on). */
export async function buildCscTestApp(): Promise<CscTestApp> {
  const database: Database = await openTestDatabase();
  const clock = new ManualClock(Date.parse('2026-06-01T09:00:00Z'));
  const config = loadConfig({ ...TEST_ENV, EID_TEST_PROVIDERS: 'on' });
  const app = await buildApp(config, { database, clock, logger: false });
  await app.ready();
  return {
    app,
    clock,
    config,
    redirectUri: `${config.publicUrl}/public/signing/return`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** A hidden or shown value of the page (`name="request" value="…"`, `id="otp">…<`). */
export function pageValue(html: string, pattern: RegExp): string {
  const match = pattern.exec(html);
  if (!match?.[1]) throw new Error(`not on the page: ${String(pattern)}\n${html}`);
  return match[1].replaceAll('&amp;', '&');
}

const requestOf = (html: string) => pageValue(html, /name="request" value="([^"]+)"/);

/** What the browser brings back to Sinetti from a 303 to the return page. */
export function responseOf(res: LightMyRequestResponse): ProviderResponse {
  expect(res.statusCode, res.body).toBe(303);
  const location = new URL(String(res.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe('http://sinetti.test/public/signing/return');
  const get = (k: string) => location.searchParams.get(k) ?? undefined;
  return {
    state: get('state') ?? '',
    code: get('code'),
    error: get('error'),
    errorDescription: get('error_description'),
  };
}

export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** Opens the authorization URL: the page (200) or a redirect straight back. */
export const openAuthorization = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url: pathOf(url) });

/** Signs in at the TEST service as `person` (or cancels): the browser's way back. */
export async function signInAt(
  app: FastifyInstance,
  url: string,
  person: string | null,
): Promise<ProviderResponse> {
  const page = await openAuthorization(app, url);
  expect(page.statusCode, page.body).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: '/test-csc/oauth2/login',
    ...form({ request: requestOf(page.body), person: person ?? '', action: person ? 'ok' : 'cancel' }),
  });
  return responseOf(res);
}

/** Authorizes the signature on the TEST service's page with the code it shows (or cancels). */
export async function authorizeAt(
  app: FastifyInstance,
  url: string,
  opts: { cancel?: boolean } = {},
): Promise<{ response: ProviderResponse; page: string }> {
  const page = await openAuthorization(app, url);
  expect(page.statusCode, page.body).toBe(200);
  const otp = pageValue(page.body, /id="otp">(\d+)</);
  const res = await app.inject({
    method: 'POST',
    url: '/test-csc/oauth2/confirm',
    ...form({ request: requestOf(page.body), otp, action: opts.cancel ? 'cancel' : 'ok' }),
  });
  return { response: responseOf(res), page: page.body };
}

export { requestOf };
