// Login CSRF (issue #10 item 6): a sign-in finishes only in the browser that started it, and never
// replaces a browser's valid session.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../src/db/schema/index.ts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { BINDING_COOKIE } from '../src/services/identity/browser-binding.ts';
import { buildTestApp, errorOf, uniqueEmail, type TestApp } from './helper.ts';
import { CookieJar, postAuthorize, type ProviderReturn } from './oidc-browser.ts';
import { buildPeer, signInLocally, startLogin, throughLocalProvider } from './sign-in-flow.ts';

const A = '/api/authentication';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000' });
});
afterAll(async () => t.close());

const bindingCookieOf = (setCookie: string | string[] | undefined): string | undefined =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).find((line) =>
    line.startsWith(`${BINDING_COOKIE}=`),
  );

/** Who a session belongs to (its account's e-mail), through the API. */
async function emailOfSession(sessionId: string): Promise<string> {
  const res = await t.call(null, {
    method: 'GET',
    url: `${A}/accounts`,
    headers: { 'session-id': sessionId },
  });
  expect(res.statusCode).toBe(200);
  return res.json().account.email as string;
}

const stateOf = (back: ProviderReturn) => back.body.state ?? '';

describe('the sign-in is bound to the browser that started it', () => {
  it('sets an HttpOnly, SameSite=Lax cookie scoped to the sign-in calls and keeps only its hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${A}/login`, payload: { type: 'CLIENT_GOOGLE' } });
    expect(res.statusCode).toBe(200);
    const line = bindingCookieOf(res.headers['set-cookie']) ?? '';
    expect(line).toMatch(new RegExp(`^${BINDING_COOKIE}=[\\w-]{43}; `));
    expect(line).toContain('Path=/api/authentication');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Max-Age=600');
    expect(line).not.toContain('Secure'); // the test app's public URL is plain http
    const secret = line.slice(BINDING_COOKIE.length + 1, line.indexOf(';'));
    const state = new URL(res.json().redirectUrl).searchParams.get('state') ?? '';
    const [row] = await t.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.stateHash, sha256Hex(state)));
    expect(row?.browserHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('marks the cookie Secure when the app is served over https', async () => {
    const https = await buildPeer(t, { PUBLIC_URL: 'https://sinetti.test' });
    try {
      const res = await https.inject({
        method: 'POST',
        url: `${A}/login`,
        payload: { type: 'CLIENT_GOOGLE' },
      });
      expect(res.statusCode).toBe(200);
      expect(bindingCookieOf(res.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await https.close();
    }
  });

  it("refuses the attacker's unused return link in the victim's browser and leaves the victim signed in", async () => {
    const victim = new CookieJar();
    const victimEmail = uniqueEmail('victim');
    const signedIn = await signInLocally(t.app, 'CLIENT_GOOGLE', { email: victimEmail }, undefined, victim);
    // The attacker signs in up to the provider's return and sends that link instead of opening it.
    const attackers = await throughLocalProvider(t.app, 'CLIENT_GOOGLE', { email: uniqueEmail('attacker') });
    const opened = { body: attackers.body, jar: victim };

    const refused = await postAuthorize(t.app, opened, { 'session-id': signedIn.session.id });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'SIGN_IN_NOT_BOUND' });
    expect(refused.json().session).toBeUndefined();
    expect(await emailOfSession(signedIn.session.id)).toBe(victimEmail);

    // Without any cookie (another browser, or one with no session) it is refused the same way.
    const bare = await postAuthorize(t.app, { body: attackers.body, jar: new CookieJar() });
    expect(errorOf(bare)).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'SIGN_IN_NOT_BOUND' });
    // A foreign try spoils nothing: the attempt still belongs to the attacker's own browser.
    const [kept] = await t.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.stateHash, sha256Hex(stateOf(attackers))));
    expect(kept).toBeDefined();
  });

  it('finishes in the starting browser, also a sign-in started before another tab, and clears the cookie', async () => {
    const browser = new CookieJar();
    const first = await throughLocalProvider(
      t.app,
      'CLIENT_GOOGLE',
      { email: uniqueEmail('tab1') },
      { jar: browser },
    );
    const second = await throughLocalProvider(
      t.app,
      'CLIENT_GOOGLE',
      { email: uniqueEmail('tab2') },
      { jar: browser },
    );
    // Starting the second sign-in kept the browser's secret, so the first one still finishes.
    const done = await postAuthorize(t.app, first);
    expect(done.statusCode).toBe(200);
    expect(bindingCookieOf(done.headers['set-cookie'])).toMatch(
      new RegExp(`^${BINDING_COOKIE}=; .*Max-Age=0`),
    );
    expect(browser.header(`${A}/authorize`)).toBe('');

    // Finishing cleared the cookie: the other tab's return is no longer bound to this browser.
    const late = await postAuthorize(t.app, second);
    expect(errorOf(late).reason).toBe('SIGN_IN_NOT_BOUND');
  });

  it('answers 409 ALREADY_SIGNED_IN to a browser that has a valid session, which stays as it was', async () => {
    const browser = new CookieJar();
    const email = uniqueEmail('already');
    const signedIn = await signInLocally(t.app, 'CLIENT_GOOGLE', { email }, undefined, browser);
    const again = await throughLocalProvider(
      t.app,
      'CLIENT_GOOGLE',
      { email: uniqueEmail('other') },
      { jar: browser },
    );
    const res = await postAuthorize(t.app, again, { 'session-id': signedIn.session.id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'CONFLICT', reason: 'ALREADY_SIGNED_IN' });
    expect(await emailOfSession(signedIn.session.id)).toBe(email);
    // The attempt was used up: it cannot be finished later either.
    expect(errorOf(await postAuthorize(t.app, again)).code).toBe('VALIDATION_FAILED');

    // An ended session is no session: signing in then works.
    await t.call(null, {
      method: 'POST',
      url: `${A}/logout`,
      payload: {},
      headers: { 'session-id': signedIn.session.id },
    });
    const next = await throughLocalProvider(t.app, 'CLIENT_GOOGLE', { email }, { jar: browser });
    const res2 = await postAuthorize(t.app, next, { 'session-id': signedIn.session.id });
    expect(res2.statusCode).toBe(200);
  });

  it('refuses a made-up cookie value like a missing one', async () => {
    const start = await startLogin(t.app, 'CLIENT_GOOGLE');
    const state = new URL(start.url).searchParams.get('state') ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: `${A}/authorize`,
      headers: { cookie: `${BINDING_COOKIE}=${'A'.repeat(43)}` },
      payload: { type: 'google', code: 'c', state },
    });
    expect(errorOf(res).reason).toBe('SIGN_IN_NOT_BOUND');
  });
});
