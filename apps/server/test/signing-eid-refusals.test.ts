import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { transactions } from '../src/db/schema/index.ts';
import { TEST_PERSONS } from '../src/services/eid/test-persons.ts';
import { signInAt } from './csc-helper.ts';
import { PRODUCTION_ENV, uniqueEmail, type TestUser } from './helper.ts';
import { CookieJar, PUBLIC_URL, browse } from './oidc-browser.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

/**
 * Issue #29 item 6 and the defaults: the sender's name policy, a cancelled QTSP sign-in that charges nothing
 * again and leaves the session usable, the fallback to simple signatures without eID providers, and
 * production refusing the TEST stand-ins.
 */
let t: SigningTestApp;
let owner: TestUser;
const anna = TEST_PERSONS.find((p) => p.id === 'anna')!;

const post = (session: string, step: string, body?: unknown) =>
  t.pub('POST', `/api/signing/session/${session}/${step}`, body);
const drawn = { signature: { kind: 'drawn', image: pngDataUrl(16) }, intent: true };

async function identifyAs(session: string, person: string) {
  const { redirectUrl } = (await post(session, 'identify')).json();
  const jar = new CookieJar();
  let res = await browse(t.app, jar, redirectUrl);
  const page = String(res.headers.location);
  await browse(t.app, jar, page);
  res = await browse(t.app, jar, page, { method: 'POST', form: { person, action: 'identify' } });
  for (let hop = 0; hop < 10; hop++) {
    const location = String(res.headers.location);
    if (location.startsWith(`${PUBLIC_URL}/public/signing/return`)) {
      const u = new URL(location);
      return post(session, 'return', {
        state: u.searchParams.get('state'),
        code: u.searchParams.get('code'),
      });
    }
    res = await browse(t.app, jar, location);
  }
  throw new Error('no way back');
}

/** Sends a one-signee document with `options`; the signee's session token. */
async function sentTo(email: string, signee: Record<string, unknown>, options: Record<string, unknown> = {}) {
  const doc = await t.contract(owner, `Doc ${email}`);
  expect((await t.addSignee(owner, doc.id, { email, ...signee })).statusCode).toBe(200);
  const sent = await t.json(owner, 'POST', `/api/signing/send/${doc.id}`, options);
  expect(sent.json().status, sent.body).toBe('OK');
  const session = await t.startSession(await t.linkOf(email));
  expect((await t.pub('GET', `/api/signing/session/${session}/pdf`)).statusCode).toBe(200);
  return { session, doc };
}

beforeAll(async () => {
  t = await buildSigningApp({ EID_TEST_PROVIDERS: 'on' });
  owner = await t.signUp();
  await t.fund(owner, 30);
}, 300_000);
afterAll(async () => t?.close());

describe('a verified name that differs from the one entered', () => {
  it('stops the signee when the sender chose stop, with the reason, and records both names', async () => {
    const email = uniqueEmail('stop');
    const { session, doc } = await sentTo(
      email,
      { givenName: 'Someone', familyName: 'Else', level: 10 },
      { nameMismatch: 'stop' },
    );
    const back = await identifyAs(session, anna.id);
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ reason: 'NAME_MISMATCH' });
    expect((await post(session, 'sign', drawn)).json()).toMatchObject({ reason: 'NAME_MISMATCH' });
    const signees = (await t.json(owner, 'GET', `/api/signing/signees/${doc.id}`)).json().signees;
    expect(signees[0]).toMatchObject({
      fullName: 'Someone Else',
      identification: { name: 'Anna Aalto', nameMatches: false },
    });
  });

  it('lets the signee sign by default and shows both names', async () => {
    const email = uniqueEmail('continue');
    const { session, doc } = await sentTo(email, { givenName: 'Ann', familyName: 'Alto' });
    expect((await identifyAs(session, anna.id)).json()).toMatchObject({ next: 'session' });
    const view = (await t.pub('GET', `/api/signing/session/${session}`)).json();
    expect(view.identification).toMatchObject({ name: 'Anna Aalto', nameMatches: false });
    expect((await post(session, 'sign', drawn)).statusCode).toBe(200);
    const signees = (await t.json(owner, 'GET', `/api/signing/signees/${doc.id}`)).json().signees;
    expect(signees[0]).toMatchObject({ status: 'signed', identification: { nameMatches: false } });
  });
});

describe('a cancelled QTSP sign-in', () => {
  it('answers IDENTIFICATION_CANCELLED, charges nothing again, and the signee can start over', async () => {
    const email = uniqueEmail('qes');
    const { session } = await sentTo(email, { method: 'de-sign-me' });
    const charges = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(transactions)
          .where(eq(transactions.organizationId, owner.personalOrganizationId))
      ).length;
    const before = await charges();
    const first = (await post(session, 'remote-sign', drawn)).json();
    const cancelled = await signInAt(t.app, first.redirectUrl, null);
    expect((await post(session, 'return', cancelled)).json()).toMatchObject({
      reason: 'IDENTIFICATION_CANCELLED',
    });
    const again = await post(session, 'remote-sign', drawn);
    expect(again.statusCode).toBe(200);
    expect(await charges()).toBe(before);
  });

  it('refuses a drawing that is not a PNG before leaving for the QTSP', async () => {
    const { session } = await sentTo(uniqueEmail('qes'), { method: 'de-sign-me' });
    const bad = await post(session, 'remote-sign', {
      signature: { kind: 'drawn', image: 'data:image/png;base64,AAAA' },
      intent: true,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('defaults and configuration', () => {
  it('falls back to simple signatures, visibly, without eID providers', async () => {
    const plain = await buildSigningApp();
    try {
      const user = await plain.signUp();
      const res = (await plain.json(user, 'GET', '/api/signing/levels')).json();
      expect(res).toMatchObject({ levels: [1], default: 1, fallback: true });
      expect(res.methods.map((m: { id: string }) => m.id)).toEqual(['host-email-sms']);
    } finally {
      await plain.close();
    }
  });

  it('refuses to start in production with the TEST stand-ins on', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, EID_TEST_PROVIDERS: 'on' })).toThrow(/TEST eID/);
    expect(loadConfig(PRODUCTION_ENV).eid).toEqual({ testProviders: false, providers: [] });
  });
});
