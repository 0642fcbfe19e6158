import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditEvents,
  instanceSecrets,
  loginAttempts,
  oidcPayloads,
  persons,
} from '../src/db/schema/index.ts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { buildTestApp, errorOf, uniqueEmail, type TestApp } from './helper.ts';
import { authorizeBodyOf, openSignInPage, postAuthorize, PUBLIC_URL, submitSignIn } from './oidc-browser.ts';
import { signInLocally, startLogin, throughLocalProvider } from './sign-in-flow.ts';

const A = '/api/authentication';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000' });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.call(null, { method: 'POST', url, payload, headers });

describe('sign-in through the built-in provider', () => {
  it('signs a new person up with google: SETUP_REQUIRED, a working session, and sign-out', async () => {
    const email = uniqueEmail('ada');
    const reply = await signInLocally(
      t.app,
      'CLIENT_GOOGLE',
      { email: email.toUpperCase(), name: 'Ada Lovelace' },
      '/documents/x?y=1',
    );
    expect(reply.status).toBe('SETUP_REQUIRED');
    expect(reply.session.status).toBe('SETUP_REQUIRED');
    expect(reply.session.id).toMatch(/^[\w-]{40,}$/);
    expect(reply.redirect).toBe('/documents/x?y=1');

    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account).toMatchObject({ platform: 'google', issuer: `${PUBLIC_URL}/oidc`, setupComplete: false });
    expect(reply.session.selectedOrganization).toBe(account?.defaultOrganizationId);
    const [person] = await t.database.db
      .select()
      .from(persons)
      .where(eq(persons.accountId, account?.id ?? ''));
    expect(person).toMatchObject({ givenName: 'Ada', familyName: 'Lovelace' });
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.accountId, account?.id ?? ''));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['account.created', 'account.signed_in']),
    );

    const headers = { 'session-id': reply.session.id };
    const minimal = await t.call(null, { method: 'GET', url: `${A}/sessions/minimal`, headers });
    expect(minimal.statusCode).toBe(200);
    expect(minimal.json().sessions).toEqual([expect.objectContaining({ current: true })]);
    const again = await post(`${A}/login`, { type: 'SESSION' }, headers);
    expect(again.json()).toMatchObject({ status: 'SETUP_REQUIRED', session: { id: reply.session.id } });

    const out = await post(`${A}/logout`, {}, headers);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'OK' });
    const after = await post(`${A}/logout`, {}, headers);
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe('SESSION_INVALID');
    const signedOut = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, account?.id ?? ''), eq(auditEvents.action, 'account.signed_out')));
    expect(signedOut).toHaveLength(1);
  });

  it('reuses the account (and its Personal organization) on a second sign-in with the same e-mail', async () => {
    const email = uniqueEmail('again');
    const first = await signInLocally(t.app, 'CLIENT_GOOGLE', { email, name: 'First Name' });
    const second = await signInLocally(t.app, 'CLIENT_GOOGLE', { email: `  ${email.toUpperCase()} ` });
    expect(second.session.id).not.toBe(first.session.id);
    expect(second.session.selectedOrganization).toBe(first.session.selectedOrganization);
    const rows = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(rows).toHaveLength(1);
  });

  it('gives a new account the language chosen before sign-up, and keeps an existing account its own', async () => {
    const email = uniqueEmail('kieli');
    const back = await throughLocalProvider(t.app, 'CLIENT_GOOGLE', { email });
    const res = await postAuthorize(t.app, { ...back, body: { ...back.body, language: 'fi' } });
    expect(res.statusCode).toBe(200);
    const [created] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(created?.language).toBe('fi');

    const again = await throughLocalProvider(t.app, 'CLIENT_GOOGLE', { email });
    expect(
      (await postAuthorize(t.app, { ...again, body: { ...again.body, language: 'en' } })).statusCode,
    ).toBe(200);
    const [kept] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(kept?.language).toBe('fi');

    const plain = uniqueEmail('plain');
    await signInLocally(t.app, 'CLIENT_GOOGLE', { email: plain });
    const [english] = await t.database.db.select().from(accounts).where(eq(accounts.email, plain));
    expect(english?.language).toBe('en');

    const bad = await throughLocalProvider(t.app, 'CLIENT_GOOGLE', { email: uniqueEmail('bad') });
    const refused = await postAuthorize(t.app, { ...bad, body: { ...bad.body, language: 'sv' } });
    expect(refused.statusCode).toBe(400);
  });

  it('creates a separate microsoft account for the same e-mail', async () => {
    const email = uniqueEmail('ms');
    const { url: redirectUrl } = await startLogin(t.app, 'CLIENT_MICROSOFT');
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/oidc/auth`);
    expect(url.searchParams.get('client_id')).toBe('local-microsoft');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/redirect/microsoft`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)).toBeTruthy();

    const g = await signInLocally(t.app, 'CLIENT_GOOGLE', { email });
    const m = await postAuthorize(
      t.app,
      await throughLocalProvider(t.app, 'CLIENT_MICROSOFT', { email }, { withIss: true }),
    );
    expect(m.statusCode).toBe(200);
    expect(m.json().session.selectedOrganization).not.toBe(g.session.selectedOrganization);
    const rows = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(rows.map((r) => r.platform).sort()).toEqual(['google', 'microsoft']);
  });

  it('shows a plain sign-in page and explains a bad e-mail address', async () => {
    const visit = await openSignInPage(t.app, await startLogin(t.app, 'CLIENT_GOOGLE'));
    const html = visit.page.body;
    expect(visit.page.headers['content-type']).toContain('text/html');
    expect(visit.page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(html).toContain('Sinetti local sign-in (development only — any e-mail is accepted)');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="name">Name<\/label>/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sign in<\/button>/);
    expect(html).not.toMatch(/<script|\son\w+=/i);
    const css = await t.app.inject({ method: 'GET', url: '/idp/local-sign-in.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');

    const bad = await t.app.inject({
      method: 'POST',
      url: visit.pagePath,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: visit.jar.header(visit.pagePath),
      },
      payload: 'email=not-an-address&name=%3Cb%3EX',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('That is not a valid e-mail address.');
    expect(bad.body).toContain('value="not-an-address"');
    expect(bad.body).toContain('&lt;b&gt;X');
    // The same interaction still works after the correction.
    const returned = await submitSignIn(t.app, visit, { email: uniqueEmail('fixed'), name: '' });
    expect(returned.searchParams.get('code')).toBeTruthy();
  });

  it('refuses a stale or unknown interaction page with a clear page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/idp/interaction/unknown-uid' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This sign-in has expired');
  });

  it('answers UNAUTHORIZED_GOOGLE when the person cancels at the provider', async () => {
    const visit = await openSignInPage(t.app, await startLogin(t.app, 'CLIENT_GOOGLE'));
    const returned = await submitSignIn(t.app, visit, { email: '', name: '', action: 'cancel' });
    expect(returned.searchParams.get('error')).toBe('access_denied');
    const back = { body: authorizeBodyOf('google', returned), jar: visit.jar };
    const res = await postAuthorize(t.app, back);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHORIZED_GOOGLE');
    const replay = await postAuthorize(t.app, back);
    expect(errorOf(replay).code).toBe('VALIDATION_FAILED');
  });

  it('keeps the provider state in the database: secrets and payloads', async () => {
    const secrets = await t.database.db.select().from(instanceSecrets);
    expect(secrets.map((s) => s.name).sort()).toEqual(['local-idp.cookie-keys', 'local-idp.jwks']);
    const models = await t.database.db.selectDistinct({ model: oidcPayloads.model }).from(oidcPayloads);
    expect(models.map((m) => m.model)).toEqual(
      expect.arrayContaining(['Session', 'Grant', 'AuthorizationCode']),
    );
    const jwks = await t.app.inject({ method: 'GET', url: '/oidc/jwks', headers: { host: 'sinetti.test' } });
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.json().keys[0].d).toBeUndefined();
  });
});

describe('sign-in input checks', () => {
  const expectValidation = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 'ERROR',
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
    });
  };

  it('refuses an unknown state', async () => {
    const res = await post(`${A}/authorize`, { type: 'google', code: 'abc', state: 'made-up' });
    expectValidation(res);
    expect(errorOf(res).message).toBe('The sign-in link has expired. Please sign in again.');
  });

  it('refuses a replayed state and code', async () => {
    const back = await throughLocalProvider(t.app, 'CLIENT_GOOGLE', { email: uniqueEmail('replay') });
    expect((await postAuthorize(t.app, back)).statusCode).toBe(200);
    expectValidation(await postAuthorize(t.app, back));
  });

  it('refuses a state returned for the other platform, and a wrong code', async () => {
    const back = await throughLocalProvider(t.app, 'CLIENT_GOOGLE', { email: uniqueEmail('wrong') });
    expectValidation(await postAuthorize(t.app, { ...back, body: { ...back.body, type: 'microsoft' } }));
    const other = await throughLocalProvider(t.app, 'CLIENT_GOOGLE', { email: uniqueEmail('code') });
    expectValidation(await postAuthorize(t.app, { ...other, body: { ...other.body, code: 'not-the-code' } }));
  });

  it('refuses an expired sign-in', async () => {
    const back = await throughLocalProvider(t.app, 'CLIENT_GOOGLE', { email: uniqueEmail('late') });
    t.clock.advance(11 * 60 * 1000);
    expectValidation(await postAuthorize(t.app, back));
  });

  it('refuses missing fields, unknown types and malformed JSON', async () => {
    expectValidation(await post(`${A}/authorize`, {}));
    expectValidation(await post(`${A}/authorize`, { type: 'google', state: 's' }));
    expectValidation(await post(`${A}/authorize`, { type: 'github', code: 'c', state: 's' }));
    expectValidation(await post(`${A}/login`, {}));
    expectValidation(await post(`${A}/login`, { type: 'CLIENT_FACEBOOK' }));
    // Login type API needs its key (api-keys.test.ts covers the keys themselves).
    const api = await post(`${A}/login`, { type: 'API' });
    expectValidation(api);
    expect(errorOf(api).fields).toEqual({ credential: 'Required.' });
    for (const url of [`${A}/login`, `${A}/authorize`]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"type": "CLIENT_GOOGLE",',
      });
      expectValidation(res);
    }
  });

  it('keeps only redirects that are paths of this app', async () => {
    const stored = async (redirect: string) => {
      const state =
        new URL((await startLogin(t.app, 'CLIENT_GOOGLE', redirect)).url).searchParams.get('state') ?? '';
      const [row] = await t.database.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.stateHash, sha256Hex(state)));
      return row?.redirect;
    };
    expect(await stored('//evil.com')).toBeNull();
    expect(await stored('https://evil.com')).toBeNull();
    expect(await stored('/\\evil.com')).toBeNull();
    expect(await stored('evil.com/x')).toBeNull();
    expect(await stored('/documents/abc')).toBe('/documents/abc');
  });

  it('answers SESSION login only with a valid session', async () => {
    const none = await post(`${A}/login`, { type: 'SESSION' });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).code).toBe('SESSION_INVALID');
    const user = await t.signUp();
    const res = await post(`${A}/login`, { type: 'SESSION' }, { 'session-id': user.token });
    expect(res.json()).toMatchObject({ status: 'OK', session: { id: user.token, status: 'OK' } });
  });
});
