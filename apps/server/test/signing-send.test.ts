import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE, P } from '@sinetti/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingProcesses, transactions } from '../src/db/schema/index.ts';
import { ledgerSum } from './billing-helper.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Sara Sender' }));
  await t.fund(owner, 20);
  stranger = await t.signUp();
});
afterAll(async () => t.close());

const send = (u: TestUser, id: string) => t.json(u, 'GET', `/api/signing/send/${id}`);
const cancel = (u: TestUser, id: string) => t.json(u, 'GET', `/api/signing/cancel/${id}`);
const info = async (id: string) => (await t.json(owner, 'GET', `/api/documents/info/${id}`)).json().document;
const balance = () => ledgerSum(t, owner.personalOrganizationId);

async function contractWith(emails: string[]) {
  const doc = await t.contract(owner, `Contract ${randomUUID().slice(0, 8)}`);
  for (const email of emails)
    await t.addSignee(owner, doc.id, { givenName: 'Sig', familyName: 'Nee', email });
  return doc;
}

describe('GET signing/send/{docId}', () => {
  it('charges every signee, moves to Signing and e-mails each a signing link', async () => {
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    const doc = await contractWith([a, b]);
    const before = await balance();
    const res = await send(owner, doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'OK',
      document: { id: doc.id, state: DOCUMENT_STATE.Signing },
    });
    expect(await balance()).toBe(before - 2 * 50);
    for (const email of [a, b]) {
      const [mail] = await t.mails(email);
      expect(mail?.subject).toContain(doc.name);
      expect(mail?.text).toContain('Sara Sender');
      expect(
        mail?.links.some((l) => /^http:\/\/sinetti\.test\/public\/sign\/[A-Za-z0-9_-]{43}$/.test(l)),
      ).toBe(true);
    }
    const status = await t.pub('GET', `/api/signing/status/signee/${await t.linkOf(a)}`);
    // Before the signee opens anything, their language is that of the request e-mail (the sender's).
    expect(status.json()).toMatchObject({
      status: 'OK',
      locked: false,
      signed: false,
      completed: false,
      lang: 'en',
    });
  });

  it('sends twice, or from two tabs at once, charging once', async () => {
    const doc = await contractWith([uniqueEmail('c')]);
    const before = await balance();
    const [one, two] = await Promise.all([send(owner, doc.id), send(owner, doc.id)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect((await send(owner, doc.id)).statusCode).toBe(409);
    expect(await balance()).toBe(before - 50);
    const rounds = await t.database.db
      .select()
      .from(signingProcesses)
      .where(eq(signingProcesses.documentId, doc.id));
    expect(rounds).toHaveLength(1);
  });

  it('answers LIMIT_LOW_BALANCE and changes nothing when the balance is short', async () => {
    const poor = await t.organization(await t.signUp());
    const doc = await t.contract(poor, 'Unpaid');
    await t.addSignee(poor, doc.id, { email: uniqueEmail('d') });
    const res = await send(poor, doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'LIMIT_LOW_BALANCE',
      document: { state: DOCUMENT_STATE.Draft },
      balance: 0,
      required: 50,
    });
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.organizationId, poor.personalOrganizationId));
    expect(rows).toHaveLength(0);
    const rounds = await t.database.db
      .select()
      .from(signingProcesses)
      .where(eq(signingProcesses.documentId, doc.id));
    expect(rounds).toHaveLength(0);
    expect(await t.mails(uniqueEmail('none'))).toEqual([]);
  });

  it('refuses a template, a document without signees, and one without a PDF (409)', async () => {
    const template = await t.create(owner, 'template', 'Template');
    await t.addSignee(owner, template.id, { email: uniqueEmail('e') });
    const refusedTemplate = await send(owner, template.id);
    expect(refusedTemplate.statusCode).toBe(409);
    expect(errorOf(refusedTemplate).reason).toBe('TEMPLATE_NOT_SENDABLE');
    const empty = await t.contract(owner, 'Nobody');
    const res = await send(owner, empty.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toContain('signee');
    expect(errorOf(res).reason).toBe('NO_SIGNEES');
    const blank = await t.create(owner, 'contract', 'Still converting');
    await t.addSignee(owner, blank.id, { email: uniqueEmail('f') });
    expect((await send(owner, blank.id)).statusCode).toBe(409);
    const damaged = await t.upload(owner, {
      type: 'contract',
      fileName: 'damaged.pdf',
      content: Buffer.from('%PDF-1.4\nthis is not really a PDF\n%%EOF\n'),
      name: 'Damaged',
    });
    expect(damaged.statusCode).toBe(200);
    const id = damaged.json().document.id as string;
    await t.addSignee(owner, id, { email: uniqueEmail('g') });
    const before = await balance();
    const refused = await send(owner, id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain('cannot be signed');
    expect(await balance()).toBe(before);
  });

  it("hides another organization's documents (404) and needs documents edit (403)", async () => {
    const doc = await contractWith([uniqueEmail('g')]);
    expect((await send(stranger, doc.id)).statusCode).toBe(404);
    expect((await cancel(stranger, doc.id)).statusCode).toBe(404);
    expect((await send(owner, randomUUID())).statusCode).toBe(404);
    expect((await send(owner, 'bad')).statusCode).toBe(400);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await send(viewer, doc.id)).statusCode).toBe(403);
    expect((await send(owner, doc.id)).statusCode).toBe(200);
    expect((await cancel(viewer, doc.id)).statusCode).toBe(403);
  });
});

describe('GET signing/cancel/{docId}', () => {
  it('goes back to Draft, discards signatures, refunds unused charges and e-mails every signee', async () => {
    const signer = uniqueEmail('signer');
    const waiter = uniqueEmail('waiter');
    const doc = await contractWith([signer, waiter]);
    const before = await balance();
    expect((await send(owner, doc.id)).json().status).toBe('OK');
    const session = await t.startSession(await t.linkOf(signer));
    await t.confirmCode(session, signer);
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'drawn', image: pngDataUrl() },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const waiterLink = await t.linkOf(waiter);

    const res = await cancel(owner, doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().document.state).toBe(DOCUMENT_STATE.Draft);
    expect(await balance()).toBe(before - 50);
    const refunds = await t.database.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.organizationId, owner.personalOrganizationId),
          like(transactions.reference, 'signing:%'),
        ),
      );
    expect(refunds.filter((r) => r.refundOf !== null)).toHaveLength(1);
    // The history names the document and tells the refund from the charges.
    const history = (await t.json(owner, 'GET', '/api/plan/transactions?limit=100')).json().transactions as {
      amount: number;
      refund: boolean;
      document: { id: string; name: string } | null;
    }[];
    const ofDoc = history.filter((row) => row.document?.id === doc.id);
    const [refunded, charged] = [ofDoc.filter((r) => r.refund), ofDoc.filter((r) => !r.refund)];
    expect(refunded.map((row) => row.amount)).toEqual([50]);
    expect(charged.length).toBeGreaterThanOrEqual(2);
    expect(charged.every((row) => row.amount < 0)).toBe(true);
    expect(ofDoc.every((row) => row.document?.name === doc.name)).toBe(true);
    expect(history.filter((row) => row.document === null).every((row) => !row.refund)).toBe(true);
    for (const email of [signer, waiter]) expect((await t.mails(email))[0]?.text).toContain(doc.name);
    const signees = (await t.json(owner, 'GET', `/api/signing/signees/${doc.id}`)).json().signees;
    expect(signees.map((s: { status: string; signedAt: null }) => [s.status, s.signedAt])).toEqual([
      ['pending', null],
      ['pending', null],
    ]);
    expect((await t.pub('GET', `/api/signing/status/signee/${waiterLink}`)).json().status).toBe('NOT_FOUND');
    expect((await t.pub('GET', `/api/signing/start/${waiterLink}`)).statusCode).toBe(404);
    expect((await info(doc.id)).editable).toBe(true);

    // Sent again: a new round with new links, charged again in full.
    expect((await send(owner, doc.id)).json().status).toBe('OK');
    expect(await balance()).toBe(before - 50 - 100);
    expect(await t.linkOf(waiter)).not.toBe(waiterLink);
  });

  it('refuses outside Signing (409)', async () => {
    const doc = await contractWith([uniqueEmail('h')]);
    expect((await cancel(owner, doc.id)).statusCode).toBe(409);
    expect((await send(owner, doc.id)).statusCode).toBe(200);
    expect((await cancel(owner, doc.id)).statusCode).toBe(200);
    expect((await cancel(owner, doc.id)).statusCode).toBe(409);
  });
});
