import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFollowUp } from '../src/commands/signing/follow-up-job.ts';
import { signees, signingEvents } from '../src/db/schema/index.ts';
import { freshSession } from './billing-helper.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { makePdf } from './pdf-fixtures.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

/** Signing order (issue #33 item 3): groups sign one after another; parallel stays as it was. */
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Sara Sender' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());

const DAY = 24 * 3600_000;

interface Listed {
  id: string;
  email: string;
  group: number;
  status: string;
  signingLink?: string;
}

async function listOf(docId: string, u = owner) {
  const res = await t.json(u, 'GET', `/api/signing/signees/${docId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    signees: Listed[];
    currentGroup: number | null;
    ordered: boolean;
    abilities: { signNow: boolean };
  };
}

/** A contract with these signees (given name, address) in this order. */
async function contractWith(people: { name: string; email: string; group?: number }[]) {
  const doc = await t.contract(owner, `Order ${randomUUID().slice(0, 8)}`);
  for (const p of people) {
    const res = await t.addSignee(owner, doc.id, {
      givenName: p.name,
      familyName: 'Test',
      email: p.email,
      ...(p.group ? { group: p.group } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return doc;
}

const requestsTo = async (email: string) =>
  (await t.mails(email)).filter((m) => m.links.some((l) => l.includes('/public/sign/')));

async function signAs(email: string) {
  const session = await t.startSession(await t.linkOf(email));
  await t.confirmCode(session, email);
  const res = await t.pub('POST', `/api/signing/session/${session}/sign`, {
    signature: { kind: 'drawn', image: pngDataUrl(16) },
    intent: true,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function remindedOf(documentId: string) {
  const rows = await t.database.db
    .select()
    .from(signingEvents)
    .where(and(eq(signingEvents.documentId, documentId), eq(signingEvents.type, 'signee.reminded')));
  return rows.map((r) => r.signeeId);
}

describe('signing order', () => {
  it('e-mails the second group only after the first group has signed, and shows whose turn it is', async () => {
    const [a, b, c] = [uniqueEmail('o-a'), uniqueEmail('o-b'), uniqueEmail('o-c')];
    const doc = await contractWith([
      { name: 'Anna', email: a },
      { name: 'Bert', email: b },
      { name: 'Cecilia', email: c },
    ]);
    const before = await listOf(doc.id);
    expect(before.signees.map((s) => s.group)).toEqual([1, 1, 1]);
    expect(before.ordered).toBe(false);
    const [sa, sb, sc] = before.signees.map((s) => s.id);
    const res = await t.json(owner, 'POST', `/api/signing/send/${doc.id}`, {
      signingOrder: [
        { signeeId: sa, group: 1 },
        { signeeId: sb, group: 1 },
        { signeeId: sc, group: 2 },
      ],
    });
    expect(res.json().status, res.body).toBe('OK');
    const sent = await listOf(doc.id);
    expect(sent.signees.map((s) => s.group)).toEqual([1, 1, 2]);
    expect(sent.ordered).toBe(true);
    expect(sent.currentGroup).toBe(1);
    expect(await requestsTo(a)).toHaveLength(1);
    expect(await requestsTo(b)).toHaveLength(1);
    expect(await requestsTo(c)).toHaveLength(0);

    await signAs(a);
    // One of the first group signed: still their turn, the second group still has no e-mail.
    expect((await listOf(doc.id)).currentGroup).toBe(1);
    expect(await requestsTo(c)).toHaveLength(0);

    await signAs(b);
    expect((await listOf(doc.id)).currentGroup).toBe(2);
    expect(await requestsTo(c)).toHaveLength(1);
    const emailed = await t.database.db
      .select()
      .from(signingEvents)
      .where(and(eq(signingEvents.documentId, doc.id), eq(signingEvents.type, 'emailed')));
    expect(emailed.filter((e) => e.signeeId === sc)).toHaveLength(1);

    await signAs(c);
    await t.app.jobs.drain();
    const done = await listOf(doc.id);
    expect(done.signees.map((s) => s.status)).toEqual(['signed', 'signed', 'signed']);
    expect(done.currentGroup).toBeNull();
  });

  it('tells a signee out of turn who signs first (409 NOT_YOUR_TURN), sends no code and does not lock', async () => {
    const anna = uniqueEmail('o-anna');
    const doc = await contractWith([
      { name: 'Anna', email: anna },
      { name: 'Sara', email: owner.email, group: 2 },
    ]);
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    const listed = await listOf(doc.id);
    expect(listed.abilities.signNow).toBe(false);
    const mine = listed.signees[1]?.signingLink?.split('/public/sign/')[1] ?? '';
    expect(mine).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const status = await t.pub('GET', `/api/signing/status/signee/${mine}`);
    expect(status.json()).toMatchObject({ status: 'OK', notYourTurn: true, waitingFor: ['Anna Test'] });
    const start = await t.pub('GET', `/api/signing/start/${mine}`);
    expect(start.statusCode).toBe(409);
    expect(errorOf(start)).toMatchObject({
      code: 'CONFLICT',
      reason: 'NOT_YOUR_TURN',
      details: { waitingFor: ['Anna Test'] },
    });
    expect((await t.mails(owner.email)).filter((m) => /^\s*\d{6}\s*$/m.test(m.text))).toHaveLength(0);
    // Not a lock: Anna starts and signs as usual.
    await signAs(anna);
    expect((await listOf(doc.id)).abilities.signNow).toBe(true);
    const turn = await t.pub('GET', `/api/signing/status/signee/${mine}`);
    expect(turn.json()).not.toHaveProperty('notYourTurn');
    expect((await t.pub('GET', `/api/signing/start/${mine}`)).statusCode).toBe(200);
  });

  it('never tells a later signee an earlier one’s e-mail address, even when that one has no name', async () => {
    const hidden = uniqueEmail('o-hidden');
    const doc = await contractWith([
      { name: 'Hidden', email: hidden },
      { name: 'Sara', email: owner.email, group: 2 },
    ]);
    await t.database.db
      .update(signees)
      .set({ givenName: '', familyName: '' })
      .where(eq(signees.email, hidden));
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    const mine = (await listOf(doc.id)).signees[1]?.signingLink?.split('/public/sign/')[1] ?? '';
    const status = await t.pub('GET', `/api/signing/status/signee/${mine}`);
    expect(status.json()).toMatchObject({ notYourTurn: true, waitingFor: [] });
    const start = await t.pub('GET', `/api/signing/start/${mine}`);
    expect(errorOf(start)).toMatchObject({ reason: 'NOT_YOUR_TURN', details: { waitingFor: [] } });
    for (const body of [status.body, start.body]) expect(body).not.toContain(hidden);
  });

  it('reminds only the group whose turn it is, by the sender and automatically', async () => {
    const [a, b] = [uniqueEmail('r-a'), uniqueEmail('r-b')];
    const doc = await contractWith([
      { name: 'Anna', email: a },
      { name: 'Bert', email: b, group: 2 },
    ]);
    const res = await t.json(owner, 'POST', `/api/signing/send/${doc.id}`, { reminderDays: 1 });
    expect(res.json().status, res.body).toBe('OK');
    const [sa, sb] = (await listOf(doc.id)).signees.map((s) => s.id);
    t.clock.advance(DAY + 60_000);
    owner = await freshSession(t, owner);
    await runFollowUp(t.app.ctx);
    expect(await remindedOf(doc.id)).toEqual([sa]);
    expect(await requestsTo(b)).toHaveLength(0);
    const one = await t.json(owner, 'POST', `/api/signing/remind/${doc.id}`, { signeeId: sb });
    expect(one.statusCode).toBe(409);
    expect(errorOf(one)).toMatchObject({ reason: 'NOT_YOUR_TURN', details: { waitingFor: ['Anna Test'] } });
    t.clock.advance(DAY);
    owner = await freshSession(t, owner);
    const all = await t.json(owner, 'POST', `/api/signing/remind/${doc.id}`, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().reminded).toEqual([sa]);
    expect((await remindedOf(doc.id)).every((id) => id === sa)).toBe(true);
  });

  it('stays parallel without an order: every signee is e-mailed at send', async () => {
    const [a, b] = [uniqueEmail('p-a'), uniqueEmail('p-b')];
    const doc = await contractWith([
      { name: 'Anna', email: a },
      { name: 'Bert', email: b },
    ]);
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    expect(await requestsTo(a)).toHaveLength(1);
    expect(await requestsTo(b)).toHaveLength(1);
    const listed = await listOf(doc.id);
    expect(listed).toMatchObject({ ordered: false, currentGroup: 1 });
    await signAs(b);
    expect((await listOf(doc.id)).currentGroup).toBe(1);
  });

  it('keeps the groups when a contract is made from a template (Use template)', async () => {
    const upload = await t.upload(owner, {
      type: 'template',
      fileName: 'Ordered.pdf',
      content: Buffer.from(await makePdf(1)),
      name: 'Ordered',
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const template = upload.json().document.id as string;
    const first = await t.addSignee(owner, template, { email: uniqueEmail('t-a') });
    expect(first.json().signee.group).toBe(1);
    const second = await t.addSignee(owner, template, { email: uniqueEmail('t-b'), group: 2 });
    expect(second.json().signee.group).toBe(2);
    const made = await t.json(owner, 'POST', `/api/documents/convert/${template}`, { name: 'Ordered 1' });
    expect(made.statusCode, made.body).toBe(200);
    const contract = await listOf(made.json().documentId as string);
    expect(contract.signees.map((s) => s.group)).toEqual([1, 2]);
    expect(contract).toMatchObject({ ordered: true, currentGroup: null });
  });

  it('refuses a group out of range and an order naming another document’s signee (400)', async () => {
    const doc = await contractWith([{ name: 'Anna', email: uniqueEmail('v-a') }]);
    const bad = await t.addSignee(owner, doc.id, { email: uniqueEmail('v-b'), group: 0 });
    expect(bad.statusCode).toBe(400);
    const other = await contractWith([{ name: 'Bert', email: uniqueEmail('v-c') }]);
    const [foreign] = (await listOf(other.id)).signees;
    const res = await t.json(owner, 'POST', `/api/signing/send/${doc.id}`, {
      signingOrder: [{ signeeId: foreign?.id, group: 2 }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect((await listOf(doc.id)).signees.map((s) => s.status)).toEqual(['pending']);
  });
});
