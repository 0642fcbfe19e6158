// Sign-in across several processes, rate limits, configuration checks, and a real external issuer.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { accounts, persons } from '../src/db/schema/index.ts';
import { buildTestApp, errorOf, uniqueEmail, type TestApp } from './helper.ts';
import { httpGet, startExternalProvider } from './external-provider.ts';
import { authorizeBodyOf, openSignInPage, postAuthorize, PUBLIC_URL, submitSignIn } from './oidc-browser.ts';
import { buildPeer, startLogin } from './sign-in-flow.ts';

const A = '/api/authentication';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000' });
});
afterAll(async () => t.close());

describe('several processes, limits and configuration', () => {
  it('lets another process on the same database share the keys and finish a sign-in', async () => {
    const peer = await buildPeer(t);
    try {
      const jwks = (app: FastifyInstance) =>
        app
          .inject({ method: 'GET', url: '/oidc/jwks', headers: { host: 'sinetti.test' } })
          .then((r) => r.json());
      expect(await jwks(peer)).toEqual(await jwks(t.app));
      // Started here, signed in at the peer's provider pages, finished here.
      const visit = await openSignInPage(peer, await startLogin(t.app, 'CLIENT_GOOGLE'));
      const returned = await submitSignIn(peer, visit, { email: uniqueEmail('peer'), name: 'Peer Person' });
      const res = await postAuthorize(t.app, { body: authorizeBodyOf('google', returned), jar: visit.jar });
      expect(res.statusCode).toBe(200);
    } finally {
      await peer.close();
    }
  });

  it('rate-limits sign-in per address with 429 RATE_LIMITED and Retry-After', async () => {
    const limited = await buildPeer(t, { RATE_LIMIT_SIGN_IN_PER_MINUTE: '3' });
    const call = (url: string, payload: object, remoteAddress = '203.0.113.7') =>
      limited.inject({ method: 'POST', url, payload, remoteAddress });
    try {
      for (let i = 0; i < 3; i++)
        expect((await call(`${A}/login`, { type: 'CLIENT_GOOGLE' })).statusCode).toBe(200);
      const over = await call(`${A}/login`, { type: 'CLIENT_GOOGLE' });
      expect(over.statusCode).toBe(429);
      expect(errorOf(over).code).toBe('RATE_LIMITED');
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const authorize = await call(`${A}/authorize`, { type: 'google', code: 'c', state: 's' });
      expect(authorize.statusCode).toBe(429);
      expect((await call(`${A}/login`, { type: 'CLIENT_GOOGLE' }, '203.0.113.8')).statusCode).toBe(200);

      const form = (remoteAddress: string) =>
        limited.inject({
          method: 'POST',
          url: '/idp/interaction/some-uid',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'email=a%40example.com',
          remoteAddress,
        });
      for (let i = 0; i < 3; i++) expect((await form('203.0.113.9')).statusCode).toBe(400);
      const page = await form('203.0.113.9');
      expect(page.statusCode).toBe(429);
      expect(page.headers['retry-after']).toBeTruthy();

      t.clock.advance(61_000);
      expect((await call(`${A}/login`, { type: 'CLIENT_GOOGLE' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses the built-in provider in production unless explicitly allowed', () => {
    const production = {
      NODE_ENV: 'production',
      ALLOW_UNENCRYPTED_SIGNING_KEYS: 'true',
      PUBLIC_URL: 'https://sinetti.example',
      SMTP_URL: 'smtp://mail.sinetti.example',
    };
    expect(() => loadConfig({ ...production, LOCAL_IDP: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(
      loadConfig({ ...production, LOCAL_IDP: 'on', ALLOW_LOCAL_IDP_IN_PRODUCTION: 'true' }).localIdp,
    ).toBe(true);
    const real = loadConfig({ ...production, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(real.localIdp).toBe(false);
  });
});

describe('a configured provider over real HTTP', () => {
  it('signs in against an independent issuer, with the e-mail from userinfo', async () => {
    const ext = await startExternalProvider({
      clientId: 'sinetti-test',
      clientSecret: 'external-client-secret',
      redirectUri: `${PUBLIC_URL}/redirect/google`,
      person: { sub: 'external-person-1', email: 'Grace.Hopper@Example.org', name: 'Grace Hopper' },
    });
    const app = await buildPeer(t, {
      GOOGLE_ISSUER: ext.issuer,
      GOOGLE_CLIENT_ID: 'sinetti-test',
      GOOGLE_CLIENT_SECRET: 'external-client-secret',
    });
    try {
      const start = await startLogin(app, 'CLIENT_GOOGLE', '/documents');
      const redirectUrl = new URL(start.url);
      expect(redirectUrl.origin).toBe(ext.issuer);
      expect(redirectUrl.searchParams.get('client_id')).toBe('sinetti-test');
      expect(redirectUrl.searchParams.get('scope')).toBe('openid email profile');

      const cookies = new Map<string, string>();
      let res = await httpGet(redirectUrl.href, cookies);
      let location = new URL(res.headers.get('location') ?? '', ext.issuer);
      for (let hop = 0; hop < 5 && location.origin !== PUBLIC_URL; hop++) {
        expect([302, 303]).toContain(res.status);
        res = await httpGet(location.href, cookies);
        location = new URL(res.headers.get('location') ?? '', ext.issuer);
      }
      expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/redirect/google`);

      const body = authorizeBodyOf('google', location, { withIss: true });
      const reply = await postAuthorize(app, { body, jar: start.jar });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ status: 'SETUP_REQUIRED', redirect: '/documents' });
      const [account] = await t.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.subId, 'external-person-1'));
      expect(account).toMatchObject({
        platform: 'google',
        issuer: ext.issuer,
        email: 'grace.hopper@example.org',
      });
      const [person] = await t.database.db
        .select()
        .from(persons)
        .where(eq(persons.accountId, account?.id ?? ''));
      expect(person).toMatchObject({ givenName: 'Grace', familyName: 'Hopper' });

      const microsoft = await app.inject({
        method: 'POST',
        url: `${A}/login`,
        payload: { type: 'CLIENT_MICROSOFT' },
      });
      expect(microsoft.statusCode).toBe(400);
      expect(errorOf(microsoft)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/microsoft/),
      });
      const local = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
      expect(local.statusCode).toBe(404);
    } finally {
      await app.close();
      await ext.close();
    }
  });

  it('answers UNAVAILABLE (never 500) when discovery fails', async () => {
    for (const issuer of ['http://127.0.0.1:1', 'http://idp.example.test', 'not a url']) {
      const app = await buildPeer(t, {
        GOOGLE_ISSUER: issuer,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
      });
      try {
        const res = await app.inject({
          method: 'POST',
          url: `${A}/login`,
          payload: { type: 'CLIENT_GOOGLE' },
        });
        expect(res.statusCode).toBe(503);
        expect(errorOf(res).code).toBe('UNAVAILABLE');
      } finally {
        await app.close();
      }
    }
  });
});
