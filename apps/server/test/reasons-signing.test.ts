import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signees, signingProcesses } from '../src/db/schema/index.ts';
import { SIGNING_BLOB_PREFIX } from '../src/commands/signing/common.ts';
import type { BlobStore } from '../src/services/blob-store/index.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

/**
 * Reasons of the signing round that no server test asserted (issue #31 item 15), each by a real request
 * that meets its rule: a replaced session, a round already complete or being sealed, a document changed
 * while its send was being prepared, and a signee whose level no provider serves.
 */
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Rea Reasons' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());
// Each case starts past the hourly mail and per-minute call limits the earlier ones used up.
beforeEach(() => t.clock.advance(61 * 60_000));

const send = (docId: string) => t.json(owner, 'GET', `/api/signing/send/${docId}`);
const sign = (token: string) =>
  t.pub('POST', `/api/signing/session/${token}/sign`, {
    signature: { kind: 'drawn', image: pngDataUrl(16) },
    intent: true,
  });
const processOf = async (docId: string) =>
  (await t.app.ctx.db.select().from(signingProcesses).where(eq(signingProcesses.documentId, docId)))[0];

/** A contract with one signee, sent; the signee's address and link. */
async function sentToOne(): Promise<{ email: string; link: string; docId: string }> {
  const doc = await t.contract(owner, `Reasons ${randomUUID().slice(0, 6)}`);
  const email = uniqueEmail('rs');
  expect((await t.addSignee(owner, doc.id, { email })).statusCode).toBe(200);
  const sent = await send(doc.id);
  expect(sent.json().status, sent.body).toBe('OK');
  return { email, link: await t.linkOf(email), docId: doc.id };
}

describe('the signee', () => {
  // SIGNING_SESSION_REPLACED is never answered: a resumed session keeps its row and gets a new token
  // (openBuiltInSession), so the old token is unknown. The guard in reasons-coverage.test.ts lists it as such.
  it('whose session was opened again elsewhere finds the old session URL gone (SIGNING_LINK_INVALID)', async () => {
    const { link } = await sentToOne();
    const first = await t.startSession(link);
    const second = await t.startSession(link);
    expect(second).not.toBe(first);
    const old = await t.pub('GET', `/api/signing/session/${first}`);
    expect(old.statusCode).toBe(404);
    expect(errorOf(old)).toMatchObject({ code: 'NOT_FOUND', reason: 'SIGNING_LINK_INVALID' });
    expect((await t.pub('GET', `/api/signing/session/${second}`)).statusCode).toBe(200);
  });

  it('cannot decline a round everyone has signed (SIGNING_COMPLETE)', async () => {
    const { email, link, docId } = await sentToOne();
    const session = await t.startSession(link);
    await t.confirmCode(session, email);
    expect((await sign(session)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect((await processOf(docId))?.state).toBe('completed');
    const declined = await t.pub('POST', `/api/signing/decline/${link}`, { reason: 'Too late' });
    expect(declined.statusCode).toBe(409);
    expect(errorOf(declined)).toMatchObject({ code: 'CONFLICT', reason: 'SIGNING_COMPLETE' });
  });
});

describe('the sender', () => {
  it('cannot cancel once everyone has signed and the seal is under way (SEALING)', async () => {
    const { email, link, docId } = await sentToOne();
    const session = await t.startSession(link);
    await t.confirmCode(session, email);
    expect((await sign(session)).statusCode).toBe(200);
    // No job has run: the seal is still to be made.
    expect((await processOf(docId))?.state).toBe('sealing');
    const cancel = await t.json(owner, 'GET', `/api/signing/cancel/${docId}`);
    expect(cancel.statusCode).toBe(409);
    expect(errorOf(cancel)).toMatchObject({ code: 'CONFLICT', reason: 'SEALING' });
    await t.app.jobs.drain();
    expect((await processOf(docId))?.state).toBe('completed');
  });

  it('is told CHANGED_WHILE_SENDING when a signee is added while the version to sign is prepared', async () => {
    const doc = await t.contract(owner, 'Changed meanwhile');
    expect((await t.addSignee(owner, doc.id, { email: uniqueEmail('first') })).statusCode).toBe(200);
    const real = t.app.ctx.blobs;
    let added = false;
    // The prepared version is stored after the PDF work and before the send's transaction: a colleague
    // adds a signee right then.
    const put: BlobStore['put'] = async (key, body, opts) => {
      if (key.startsWith(SIGNING_BLOB_PREFIX) && !added) {
        added = true;
        expect((await t.addSignee(owner, doc.id, { email: uniqueEmail('second') })).statusCode).toBe(200);
      }
      return real.put(key, body, opts);
    };
    t.app.ctx.blobs = new Proxy(real, {
      get: (store, prop) => {
        if (prop === 'put') return put;
        const value: unknown = Reflect.get(store, prop);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(store) : value;
      },
    });
    try {
      const sent = await send(doc.id);
      expect(added).toBe(true);
      expect(sent.statusCode).toBe(409);
      expect(errorOf(sent)).toMatchObject({ code: 'CONFLICT', reason: 'CHANGED_WHILE_SENDING' });
    } finally {
      t.app.ctx.blobs = real;
    }
    expect(await processOf(doc.id)).toBeUndefined();
    // Sent again, it goes out to both.
    expect((await send(doc.id)).json().status).toBe('OK');
  });
});

describe('a signee whose level no provider of this instance serves', () => {
  // Added while a provider served their method; the provider has been removed from the configuration since
  // (this instance has none: only simple signatures).
  const orphan = (signeeId: string) =>
    t.app.ctx.db.update(signees).set({ method: 'de-sign-me', level: 20 }).where(eq(signees.id, signeeId));

  it('stops the send (NO_PROVIDER_FOR_LEVEL)', async () => {
    const doc = await t.contract(owner, 'No provider at send');
    const added = await t.addSignee(owner, doc.id, { email: uniqueEmail('orphan') });
    expect(added.statusCode).toBe(200);
    await orphan(added.json().signee.id);
    const sent = await send(doc.id);
    expect(sent.statusCode).toBe(409);
    expect(errorOf(sent)).toMatchObject({ code: 'CONFLICT', reason: 'NO_PROVIDER_FOR_LEVEL' });
  });

  it('cannot start signing from the link (NO_PROVIDER_FOR_LEVEL)', async () => {
    const { link, docId } = await sentToOne();
    const [row] = await t.app.ctx.db.select().from(signees).where(eq(signees.documentId, docId));
    await orphan(row!.id);
    const start = await t.pub('GET', `/api/signing/start/${link}`);
    expect(start.statusCode).toBe(409);
    expect(errorOf(start)).toMatchObject({ code: 'CONFLICT', reason: 'NO_PROVIDER_FOR_LEVEL' });
  });
});
