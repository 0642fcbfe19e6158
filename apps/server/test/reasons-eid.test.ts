import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingProcesses } from '../src/db/schema/index.ts';
import { TEST_PERSONS } from '../src/services/eid/test-persons.ts';
import { authorizeAt, signInAt } from './csc-helper.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

/**
 * Reasons of the qualified (CSC QTSP) signing that no server test asserted through the API (issue #31
 * item 15): an authorization that expired before the signee came back, a document that changed while the
 * signee was at the QTSP, and a QTSP that cannot be reached.
 */
const matti = TEST_PERSONS.find((p) => p.id === 'matti')!;
const drawn = { signature: { kind: 'drawn', image: pngDataUrl(16) }, intent: true };

/** Sends a one-signee document signed with the QTSP method; the signee's session with the PDF opened. */
async function qualifiedSession(
  t: SigningTestApp,
  owner: TestUser,
): Promise<{ session: string; docId: string }> {
  const doc = await t.contract(owner, `Qualified ${uniqueEmail('q')}`);
  const email = uniqueEmail('qes');
  expect((await t.addSignee(owner, doc.id, { email, method: 'de-sign-me' })).statusCode).toBe(200);
  const sent = await t.json(owner, 'GET', `/api/signing/send/${doc.id}`);
  expect(sent.json().status, sent.body).toBe('OK');
  const session = await t.startSession(await t.linkOf(email));
  expect((await t.pub('GET', `/api/signing/session/${session}/pdf`)).statusCode).toBe(200);
  return { session, docId: doc.id };
}

describe('with the TEST CSC QTSP', () => {
  let t: SigningTestApp;
  let owner: TestUser;
  const post = (session: string, step: string, body?: unknown) =>
    t.pub('POST', `/api/signing/session/${session}/${step}`, body);

  beforeAll(async () => {
    t = await buildSigningApp({ EID_TEST_PROVIDERS: 'on' });
    owner = await t.signUp();
    await t.fund(owner, 30);
  }, 300_000);
  afterAll(async () => t?.close());

  /** Remote-sign, sign in at the QTSP and authorize the hash there: the answer to bring back. */
  async function authorized(session: string) {
    const begin = (await post(session, 'remote-sign', drawn)).json();
    const login = await signInAt(t.app, begin.redirectUrl, matti.id);
    const next = (await post(session, 'return', login)).json();
    expect(next).toMatchObject({ status: 'OK', next: 'provider' });
    return (await authorizeAt(t.app, next.redirectUrl)).response;
  }

  it('answers REMOTE_AUTHORIZATION_FAILED when the authorization expired before the signee came back', async () => {
    const { session } = await qualifiedSession(t, owner);
    const response = await authorized(session);
    t.clock.advance(61_000); // the QTSP's authorization code lives 60 s
    const back = await post(session, 'return', response);
    expect(back.statusCode).toBe(409);
    expect(errorOf(back)).toMatchObject({ code: 'CONFLICT', reason: 'REMOTE_AUTHORIZATION_FAILED' });
    // The session stays usable: the signee authorizes again and is signed.
    const again = await post(session, 'return', await authorized(session));
    expect(again.json(), again.body).toMatchObject({ next: 'done' });
  });

  it('answers REMOTE_SIGNING_STALE when the working copy changed while the signee was at the QTSP', async () => {
    const { session, docId } = await qualifiedSession(t, owner);
    const response = await authorized(session);
    // What the signature was prepared on is no longer the round's working copy.
    await t.app.ctx.db
      .update(signingProcesses)
      .set({ currentKey: `signing/${owner.personalOrganizationId}/elsewhere` })
      .where(eq(signingProcesses.documentId, docId));
    const back = await post(session, 'return', response);
    expect(back.statusCode).toBe(409);
    expect(errorOf(back)).toMatchObject({ code: 'CONFLICT', reason: 'REMOTE_SIGNING_STALE' });
  });
});

describe('with a QTSP that cannot be reached', () => {
  let t: SigningTestApp;
  let owner: TestUser;
  let dir: string;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-qtsp-down-'));
    const file = path.join(dir, 'providers.json');
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    const down = {
      kind: 'csc',
      id: 'qtsp-down',
      methods: ['de-sign-me'],
      baseUrl: 'http://127.0.0.1:1/csc/v2',
      oauth2Url: 'http://127.0.0.1:1',
      clientId: 'sinetti',
      clientSecret: 'secret',
    };
    await fsp.writeFile(file, JSON.stringify([down]));
    t = await buildSigningApp({ EID_TEST_PROVIDERS: 'off', EID_PROVIDERS_FILE: file });
    owner = await t.signUp();
    await t.fund(owner, 30);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('answers 503 PROVIDER_UNAVAILABLE when the signee comes back and its answer cannot be checked there', async () => {
    const { session } = await qualifiedSession(t, owner);
    const begin = await t.pub('POST', `/api/signing/session/${session}/remote-sign`, drawn);
    expect(begin.statusCode, begin.body).toBe(200);
    // The browser comes back from the QTSP with our state and a code; exchanging the code fails.
    const state = new URL(begin.json().redirectUrl as string).searchParams.get('state');
    const res = await t.pub('POST', `/api/signing/session/${session}/return`, { state, code: 'a-code' });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toMatchObject({ code: 'UNAVAILABLE', reason: 'PROVIDER_UNAVAILABLE' });
  });
});
