import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { TestApp } from './helper.ts';
import {
  authorizeBodyOf,
  CookieJar,
  openSignInPage,
  postAuthorize,
  PUBLIC_URL,
  submitSignIn,
  type LoginStart,
  type ProviderReturn,
} from './oidc-browser.ts';

export type LoginType = 'CLIENT_GOOGLE' | 'CLIENT_MICROSOFT';

const LOGIN = '/api/authentication/login';

/**
 * POST login for a provider from a browser (a new one unless given): answers the authorization URL the
 * browser is sent to, and the browser, which now holds the sign-in's binding cookie.
 */
export async function startLogin(
  app: FastifyInstance,
  type: LoginType,
  redirect?: string,
  jar = new CookieJar(),
): Promise<LoginStart> {
  const cookie = jar.header(LOGIN);
  const res = await app.inject({
    method: 'POST',
    url: LOGIN,
    headers: cookie ? { cookie } : {},
    payload: { type, ...(redirect === undefined ? {} : { redirect }) },
  });
  expect(res.statusCode).toBe(200);
  jar.store(res.headers['set-cookie']);
  const body = res.json();
  expect(body.status).toBe('AUTHORIZATION_REQUIRED');
  return { url: body.redirectUrl as string, jar };
}

/** Login → provider → sign-in page → back at /redirect/{platform}: what the web app would post to authorize. */
export async function throughLocalProvider(
  app: FastifyInstance,
  type: LoginType,
  person: { email: string; name?: string },
  opts: { redirect?: string; withIss?: boolean; jar?: CookieJar } = {},
): Promise<ProviderReturn> {
  const start = await startLogin(app, type, opts.redirect, opts.jar);
  const visit = await openSignInPage(app, start);
  expect(visit.page.statusCode).toBe(200);
  const returned = await submitSignIn(app, visit, { email: person.email, name: person.name ?? '' });
  const platform = type === 'CLIENT_GOOGLE' ? 'google' : 'microsoft';
  expect(`${returned.origin}${returned.pathname}`).toBe(`${PUBLIC_URL}/redirect/${platform}`);
  return { body: authorizeBodyOf(platform, returned, opts), jar: start.jar };
}

export interface SignInReply {
  status: string;
  session: { id: string; status: string; selectedOrganization: string | null; updated: string };
  redirect?: string;
}

/** A whole sign-in through the built-in provider, ending with the authorize call. */
export async function signInLocally(
  app: FastifyInstance,
  type: LoginType,
  person: { email: string; name?: string },
  redirect?: string,
  jar?: CookieJar,
): Promise<SignInReply> {
  const res = await postAuthorize(app, await throughLocalProvider(app, type, person, { redirect, jar }));
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Another process of the app on the same database (as behind a load balancer), or one configured otherwise. */
export async function buildPeer(t: TestApp, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL,
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    ...env,
  });
  const app = await buildApp(config, { database: t.database, clock: t.clock, logger: false });
  await app.ready();
  return app;
}
