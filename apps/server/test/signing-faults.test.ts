// Faults of a signing round: a session left open across a cancel, and rounds whose PDF turns out not to take
// a signature or the seal (issue 10 items 2 and 20): a clear 409, the round ended, charges refunded, all told.
import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingEvents, signingProcesses } from '../src/db/schema/index.ts';
import { storePdf } from '../src/commands/signing/common.ts';
import { ledgerSum } from './billing-helper.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { nonArrayAnnotsPdf, nonArrayFieldsPdf } from './pdf-hostile.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Fault Sender' }));
  await t.fund(owner, 20);
});
afterAll(async () => t.close());

const balance = () => ledgerSum(t, owner.personalOrganizationId);
const sign = (session: string) =>
  t.pub('POST', `/api/signing/session/${session}/sign`, {
    signature: { kind: 'drawn', image: pngDataUrl() },
    intent: true,
  });

/** A sent contract with one signee whose session is ready to sign. */
async function readyToSign() {
  const email = uniqueEmail('f');
  const doc = await t.contract(owner, `Fault ${randomUUID().slice(0, 8)}`, 1);
  await t.addSignee(owner, doc.id, { givenName: 'Fay', familyName: 'Ult', email });
  const before = await balance();
  expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
  const session = await t.startSession(await t.linkOf(email));
  await t.confirmCode(session, email);
  const [process] = await t.database.db
    .select()
    .from(signingProcesses)
    .where(eq(signingProcesses.documentId, doc.id));
  return { doc, email, session, before, process: process! };
}

/** Replaces the round's working copy by `pdf` (as if the stored file had a structure signing cannot use). */
async function replaceWorkingCopy(processId: string, pdf: Uint8Array) {
  const stored = await storePdf(t.app.ctx.blobs, owner.personalOrganizationId, pdf);
  await t.database.db
    .update(signingProcesses)
    .set({ currentKey: stored.key })
    .where(eq(signingProcesses.id, processId));
}

async function expectFailedRound(docId: string, processId: string, before: number, email: string) {
  const info = await t.json(owner, 'GET', `/api/documents/info/${docId}`);
  expect(info.json().document.state).toBe(DOCUMENT_STATE.Draft);
  expect(await balance()).toBe(before);
  const events = await t.database.db
    .select()
    .from(signingEvents)
    .where(eq(signingEvents.processId, processId));
  expect(events.find((e) => e.type === 'failed')?.data).toMatchObject({ problem: 'PDF_UNSIGNABLE' });
  for (const to of [email, owner.email]) {
    expect((await t.mails(to)).some((m) => m.subject.startsWith('Signing stopped'))).toBe(true);
  }
}

describe('a signing session left open across a cancel', () => {
  it('answers 409 SIGNING_CANCELLED to every later call, never 500', async () => {
    const { doc, session } = await readyToSign();
    expect((await t.json(owner, 'GET', `/api/signing/cancel/${doc.id}`)).statusCode).toBe(200);
    await t.mails(owner.email); // runs the jobs: the round's files are deleted
    for (const res of [
      await sign(session),
      await t.pub('GET', `/api/signing/session/${session}/pdf`),
      await t.pub('POST', `/api/signing/session/${session}/code`),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ status: 'ERROR', code: 'CONFLICT', reason: 'SIGNING_CANCELLED' });
    }
  });
});

describe('a round whose PDF cannot take what comes next', () => {
  it('a signature that cannot be added: 409 with the reason, the round ends, all refunded and told', async () => {
    const { doc, session, before, process, email } = await readyToSign();
    await replaceWorkingCopy(process.id, await nonArrayFieldsPdf());
    const res = await sign(session);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', reason: 'PDF_UNSIGNABLE' });
    await expectFailedRound(doc.id, process.id, before, email);
    expect((await sign(session)).json().reason).toBe('SIGNING_CANCELLED');
  });

  it('a seal that cannot be added: the job gives up at once and ends the round (not Signing forever)', async () => {
    const { doc, session, before, process, email } = await readyToSign();
    expect((await sign(session)).statusCode).toBe(200);
    await replaceWorkingCopy(process.id, await nonArrayAnnotsPdf());
    await t.mails(email); // runs the seal job
    const [after] = await t.database.db
      .select()
      .from(signingProcesses)
      .where(eq(signingProcesses.id, process.id));
    expect(after?.state).toBe('cancelled');
    await expectFailedRound(doc.id, process.id, before, email);
  });
});
