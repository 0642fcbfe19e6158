import { DOCUMENT_STATE } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingEvents, transactions } from '../src/db/schema/index.ts';
import { verifyWithPdfsig } from '../src/services/pdf/index.ts';
import { TEST_PERSONS } from '../src/services/eid/test-persons.ts';
import { authorizeAt, signInAt } from './csc-helper.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { CookieJar, PUBLIC_URL, browse } from './oidc-browser.ts';
import { mutoolVerify } from './pdf-openssl.ts';
import { pdfText, removeTempDirs, tempDir } from './pdf-fixtures.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Issue #29 end to end on the built-in TEST stand-ins: one document with a simple, an advanced (TEST eID,
 * OpenID Connect) and a qualified (TEST CSC v2 QTSP) signee; each signs at their level, the charges are
 * named by method, the evidence is in the audit trail, and the sealed PDF validates.
 */
let t: SigningTestApp;
let owner: TestUser;
let docId: string;
const seija = TEST_PERSONS.find((p) => p.id === 'seija')!;
const matti = TEST_PERSONS.find((p) => p.id === 'matti')!;
const simple = uniqueEmail('simple');
const advanced = uniqueEmail('advanced');
const qualified = uniqueEmail('qualified');
const sessions = { advanced: '', qualified: '', simple: '' };

const returnOf = (url: string) => {
  const u = new URL(url, PUBLIC_URL);
  const get = (k: string) => u.searchParams.get(k) ?? undefined;
  return { state: get('state') ?? '', code: get('code'), iss: get('iss'), error: get('error') };
};

/** The TEST eID's login page: pick `person` (or cancel); the browser's way back to Sinetti. */
async function atTestEid(url: string, person: string | null) {
  const jar = new CookieJar();
  let res = await browse(t.app, jar, url);
  const page = String(res.headers.location);
  res = await browse(t.app, jar, page);
  expect(res.body).toContain('TEST');
  res = await browse(t.app, jar, page, {
    method: 'POST',
    form: person ? { person, action: 'identify' } : { action: 'cancel' },
  });
  for (let hop = 0; hop < 10; hop++) {
    const location = String(res.headers.location);
    if (location.startsWith(`${PUBLIC_URL}/public/signing/return`)) return returnOf(location);
    res = await browse(t.app, jar, location);
  }
  throw new Error('no way back from the TEST eID');
}

const post = (session: string, step: string, body?: unknown) =>
  t.pub('POST', `/api/signing/session/${session}/${step}`, body);
const drawn = { signature: { kind: 'drawn', image: pngDataUrl(16) }, intent: true };

beforeAll(async () => {
  t = await buildSigningApp({ EID_TEST_PROVIDERS: 'on' });
  owner = await t.signUp();
  await t.fund(owner, 20);
  docId = (await t.contract(owner, 'Mixed levels')).id;
}, 300_000);
afterAll(async () => {
  await t?.close();
  await removeTempDirs();
});

describe('levels and methods', () => {
  it('offers the TEST eID and QTSP methods, priced on the plan, with SPEC default level 10', async () => {
    const res = (await t.json(owner, 'GET', '/api/signing/levels')).json();
    expect(res).toMatchObject({ levels: [1, 10, 20], default: 10, fallback: false });
    const ids = res.methods.map((m: { id: string }) => m.id);
    expect(ids).toEqual(['host-email-sms', 'fi-trust-network', 'de-sign-me']);
    expect(res.methods[1]).toMatchObject({ level: 10, test: true, name: 'FTN (FI)' });
    expect(res.methods[1].priceCents).toBeGreaterThan(res.methods[0].priceCents);
  });

  it('defaults a new signee to level 10 and its method; a method takes its own level; mismatches are 400', async () => {
    const a = await t.addSignee(owner, docId, { givenName: 'Seija', familyName: 'Aijala', email: advanced });
    expect(a.json().signee).toMatchObject({ level: 10, method: 'fi-trust-network', identification: null });
    const q = await t.addSignee(owner, docId, {
      givenName: 'Matti',
      familyName: 'Meikäläinen',
      email: qualified,
      method: 'de-sign-me',
    });
    expect(q.json().signee).toMatchObject({ level: 20, method: 'de-sign-me', methodName: 'D-Trust sign-me' });
    const s = await t.addSignee(owner, docId, {
      givenName: 'Sam',
      familyName: 'Simple',
      email: simple,
      level: 1,
    });
    expect(s.json().signee).toMatchObject({ level: 1, method: 'host-email-sms' });
    const wrong = await t.addSignee(owner, docId, {
      email: uniqueEmail('x'),
      level: 1,
      method: 'de-sign-me',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ reason: 'METHOD_NOT_OFFERED' });
    const absent = await t.addSignee(owner, docId, { email: uniqueEmail('x'), method: 'se-bankid' });
    expect(absent.json()).toMatchObject({ reason: 'METHOD_NOT_OFFERED' });
  });

  it('quotes each signee by method and charges signature_{method}', async () => {
    const quote = (await t.json(owner, 'GET', `/api/signing/quote/${docId}`)).json().quote;
    expect(quote.signees.map((s: { method: string }) => s.method)).toEqual([
      'fi-trust-network',
      'de-sign-me',
      'host-email-sms',
    ]);
    expect((await t.json(owner, 'GET', `/api/signing/send/${docId}`)).json().status).toBe('OK');
    const rows = await t.app.ctx.db
      .select({ name: transactions.name, amount: transactions.amountCents })
      .from(transactions)
      .where(eq(transactions.organizationId, owner.personalOrganizationId));
    const charged = rows.filter((r) => r.amount < 0).map((r) => r.name);
    expect(charged.sort()).toEqual([
      'signature_de-sign-me',
      'signature_fi-trust-network',
      'signature_host-email-sms',
    ]);
    const total = -rows.filter((r) => r.amount < 0).reduce((sum, r) => sum + r.amount, 0);
    expect(total).toBe(quote.totalCents);
  });
});

describe('an advanced signee (TEST eID)', () => {
  it('has no code step and cannot sign before identifying', async () => {
    sessions.advanced = await t.startSession(await t.linkOf(advanced));
    const view = (await t.pub('GET', `/api/signing/session/${sessions.advanced}`)).json();
    expect(view).toMatchObject({ flow: 'eid', identification: null, signee: { methodTest: true } });
    expect((await t.pub('GET', `/api/signing/session/${sessions.advanced}/pdf`)).statusCode).toBe(200);
    expect((await post(sessions.advanced, 'code')).json()).toMatchObject({ reason: 'WRONG_SIGNING_FLOW' });
    expect((await post(sessions.advanced, 'sign', drawn)).json()).toMatchObject({
      reason: 'IDENTIFICATION_REQUIRED',
    });
  });

  it('refuses a cancelled identification, a foreign state and a replay, and stays usable', async () => {
    const begin = (await post(sessions.advanced, 'identify')).json();
    const cancelled = await atTestEid(begin.redirectUrl, null);
    expect((await post(sessions.advanced, 'return', cancelled)).json()).toMatchObject({
      reason: 'IDENTIFICATION_CANCELLED',
    });
    const foreign = await post(sessions.advanced, 'return', { state: 'not-ours', code: 'x' });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ reason: 'IDENTIFICATION_FAILED' });
    const again = (await post(sessions.advanced, 'identify')).json();
    const answer = await atTestEid(again.redirectUrl, seija.id);
    const done = await post(sessions.advanced, 'return', answer);
    expect(done.json(), done.body).toMatchObject({ status: 'OK', next: 'session' });
    const replay = await post(sessions.advanced, 'return', answer);
    expect(replay.json()).toMatchObject({ reason: 'IDENTIFICATION_FAILED' });
  });

  it('shows the verified name, then signs with a certificate naming the verified person', async () => {
    const view = (await t.pub('GET', `/api/signing/session/${sessions.advanced}`)).json();
    expect(view.identification).toMatchObject({
      name: 'Seija Äijälä',
      nameMatches: true,
      method: 'fi-trust-network',
      test: true,
    });
    const signed = await post(sessions.advanced, 'sign', drawn);
    expect(signed.statusCode, signed.body).toBe(200);
    const events = await t.app.ctx.db.select().from(signingEvents).where(eq(signingEvents.documentId, docId));
    const identified = events.find((e) => e.type === 'identified');
    const evidence = (identified?.data as { evidence: Record<string, unknown> }).evidence;
    expect(evidence).toMatchObject({ encrypted: true, issuer: `${PUBLIC_URL}/test-eid` });
    expect(String(evidence.idToken).split('.')).toHaveLength(3);
    expect(evidence.kid).toBeTruthy();
    expect(identified?.data).toMatchObject({ semanticsIdentifier: `IDCFI-${seija.satu}`, nameMatches: true });
    // The personal identity code stays inside the signed token (evidence), never in the readable data.
    const { evidence: _token, ...readable } = identified?.data as Record<string, unknown>;
    expect(JSON.stringify(readable)).not.toContain(seija.hetu);
  });
});

describe('a qualified signee (TEST CSC QTSP)', () => {
  it('signs in at the QTSP, authorizes the hash there, and is signed', async () => {
    sessions.qualified = await t.startSession(await t.linkOf(qualified));
    expect((await t.pub('GET', `/api/signing/session/${sessions.qualified}`)).json().flow).toBe('qtsp');
    expect((await post(sessions.qualified, 'sign', drawn)).json()).toMatchObject({
      reason: 'WRONG_SIGNING_FLOW',
    });
    expect((await t.pub('GET', `/api/signing/session/${sessions.qualified}/pdf`)).statusCode).toBe(200);
    const begin = (await post(sessions.qualified, 'remote-sign', drawn)).json();
    const login = await signInAt(t.app, begin.redirectUrl, matti.id);
    const next = (await post(sessions.qualified, 'return', login)).json();
    expect(next).toMatchObject({ status: 'OK', next: 'provider' });
    const { response } = await authorizeAt(t.app, next.redirectUrl);
    const done = await post(sessions.qualified, 'return', response);
    expect(done.json(), done.body).toMatchObject({
      next: 'done',
      redirect: `/public/signing/success/${docId}`,
    });
  });
});

describe('the finished document', () => {
  it('signs the simple signee with the e-mailed code and seals the mixed levels', async () => {
    sessions.simple = await t.startSession(await t.linkOf(simple));
    await t.confirmCode(sessions.simple, simple);
    expect((await post(sessions.simple, 'sign', drawn)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const info = (await t.json(owner, 'GET', `/api/documents/info/${docId}`)).json().document;
    expect(info.state).toBe(DOCUMENT_STATE.Signed);
    const signees = (await t.json(owner, 'GET', `/api/signing/signees/${docId}`)).json().signees;
    expect(
      signees.map((s: { identification: { name: string } | null }) => s.identification?.name ?? null),
    ).toEqual(['Seija Äijälä', 'Matti Meikäläinen', null]);
  });

  it('validates in pdfsig and mutool, and /verify reports AdES, QES and SES truthfully', async () => {
    const res = (await t.json(owner, 'GET', `/api/signing/signed/${docId}`)).json();
    const pdf = Buffer.from(String(res.source).split(',')[1] ?? '', 'base64');
    const { signatures } = await verifyWithPdfsig(pdf, { pdfsig: t.config.signing.pdfsig });
    expect(signatures.slice(0, 4).every((s) => s.validity === 'valid')).toBe(true);
    expect(signatures.map((s) => s.signedBy).slice(0, 3)).toEqual([
      'Seija Äijälä',
      'Matti Meikäläinen',
      'Sam Simple',
    ]);
    const file = path.join(await tempDir(), 'mixed.pdf');
    await writeFile(file, pdf);
    // mutool has no trust store (the CA is "self-signed in chain"); each signature's bytes must verify, the
    // later ones (signatures, seal, DSS) being allowed edits after the earlier.
    const mutool = await mutoolVerify(file);
    expect(mutool.match(/The signature is valid/g)).toHaveLength(4);
    expect(mutool).toContain('cn=Seija Äijälä');
    expect(mutool).toContain('cn=Matti Meikäläinen, o=TEST');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: { 'content-type': 'application/pdf', 'application-id': 'Frontend' },
      payload: pdf,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const levels = verified
      .json()
      .report.signatures.map((s: { assurance?: { level: string; test: boolean } }) => s.assurance?.level);
    expect(levels.slice(0, 3)).toEqual(['AdES', 'QES', 'SES']);
  });

  it('lists level, method and identification in the certificate of completion', async () => {
    const res = (await t.json(owner, 'GET', `/api/signing/certificate/${docId}`)).json();
    const text = await pdfText(Buffer.from(String(res.source).split(',')[1] ?? '', 'base64'));
    expect(text).toContain('FTN (FI)');
    expect(text).toContain('Seija Äijälä');
    expect(text).toContain('D-Trust sign-me');
    expect(text).toContain('Matti Meikäläinen');
    expect(text).toMatch(/TEST QTSP/);
    expect(text).not.toContain(seija.hetu);
  });
});
