import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE, P, SIGNING_REMIND_INTERVAL_MS } from '@sinetti/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingEvents, signingProcesses, transactions } from '../src/db/schema/index.ts';
import { runFollowUp } from '../src/commands/signing/follow-up-job.ts';
import { freshSession, ledgerSum } from './billing-helper.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Sara Sender' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());

const DAY = 24 * 3600_000;
const quote = (u: TestUser, id: string) => t.json(u, 'GET', `/api/signing/quote/${id}`);
const send = (u: TestUser, id: string, body: object) => t.json(u, 'POST', `/api/signing/send/${id}`, body);
const remind = (u: TestUser, id: string, body: object = {}) =>
  t.json(u, 'POST', `/api/signing/remind/${id}`, body);
const balance = () => ledgerSum(t, owner.personalOrganizationId);
const ctx = () => t.app.ctx;

/** Moves time on; the owner signs in again (a session lasts two hours). */
async function advance(ms: number) {
  t.clock.advance(ms);
  owner = await freshSession(t, owner);
}

async function contractWith(emails: string[], user = owner) {
  const doc = await t.contract(user, `Contract ${randomUUID().slice(0, 8)}`);
  for (const email of emails) await t.addSignee(user, doc.id, { givenName: 'Sig', familyName: 'Nee', email });
  return doc;
}

async function events(documentId: string, type: string) {
  return t.database.db
    .select()
    .from(signingEvents)
    .where(and(eq(signingEvents.documentId, documentId), eq(signingEvents.type, type)));
}

/** The ledger rows of one round's charges and refunds. */
async function chargesOf(processId: string) {
  return t.database.db
    .select()
    .from(transactions)
    .where(like(transactions.reference, `signing:${processId}:%`));
}

async function roundOf(documentId: string) {
  const [row] = await t.database.db
    .select()
    .from(signingProcesses)
    .where(eq(signingProcesses.documentId, documentId));
  return row;
}

describe('GET signing/quote/{docId}', () => {
  it('prices every signee as the send then charges, with the balance after', async () => {
    const doc = await contractWith([uniqueEmail('q1'), uniqueEmail('q2')]);
    await t.addSignee(owner, doc.id, { email: uniqueEmail('q3') });
    const res = await quote(owner, doc.id);
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().quote;
    const before = await balance();
    expect(q.signees).toHaveLength(3);
    expect(q.totalCents).toBe(
      q.signees.reduce((s: number, x: { priceCents: number }) => s + x.priceCents, 0),
    );
    expect(q.balanceCents).toBe(before);
    expect(q.balanceAfterCents).toBe(before - q.totalCents);
    expect(q.enough).toBe(true);
    expect(q.expiry).toEqual({ minOn: '2026-06-02', maxOn: '2026-08-30', defaultOn: '2026-07-01' });
    expect((await send(owner, doc.id, {})).json().status).toBe('OK');
    expect(await balance()).toBe(q.balanceAfterCents);
  });

  it('says when the balance does not cover it, hides the balance and whether it suffices without permission 3', async () => {
    const poor = await t.organization(await t.signUp());
    const doc = await contractWith([uniqueEmail('p')], poor);
    const q = (await quote(poor, doc.id)).json().quote;
    expect(q).toMatchObject({ enough: false, balanceCents: 0, balanceAfterCents: -q.totalCents });
    expect((await send(poor, doc.id, {})).json()).toMatchObject({
      status: 'LIMIT_LOW_BALANCE',
      required: q.totalCents,
    });
    const editor = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_EDIT]);
    const mine = await contractWith([uniqueEmail('e')]);
    const hidden = (await quote(editor, mine.id)).json().quote;
    expect(hidden).toMatchObject({ balanceCents: null, balanceAfterCents: null, enough: null });
    expect(hidden.totalCents).toBeGreaterThan(0);
    // Even a short balance is not told to whom may not see it; the send still refuses (LIMIT_LOW_BALANCE).
    const poorEditor = await t.member(poor, [P.DOCUMENTS_VIEW, P.DOCUMENTS_EDIT]);
    const theirs = await contractWith([uniqueEmail('pe')], poor);
    expect((await quote(poorEditor, theirs.id)).json().quote).toMatchObject({
      enough: null,
      balanceCents: null,
    });
    expect((await send(poorEditor, theirs.id, {})).json().status).toBe('LIMIT_LOW_BALANCE');
  });
});

describe('POST signing/send/{docId}', () => {
  it('puts the message, escaped, into the request e-mail and stores expiry and reminders', async () => {
    const email = uniqueEmail('m');
    const doc = await contractWith([email]);
    const message = 'Hi <b>there</b> & "welcome"\nSecond line';
    const res = await send(owner, doc.id, { message, expiresOn: '2026-06-10', reminderDays: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = (await t.mails(email)) as (Awaited<ReturnType<SigningTestApp['mails']>>[number] & {
      html: string;
    })[];
    expect(mail?.text).toContain('> Hi <b>there</b> & "welcome"\n> Second line');
    expect(mail?.html).toContain('Hi &lt;b&gt;there&lt;/b&gt; &amp; &quot;welcome&quot;<br>Second line');
    expect(mail?.html).not.toContain('<b>there');
    const round = await roundOf(doc.id);
    expect(round?.message).toBe(message);
    // The end of 10 June in Helsinki (UTC+3 in summer).
    expect(round?.expiresAt?.toISOString()).toBe('2026-06-10T21:00:00.000Z');
    expect(round?.reminderDays).toBe(3);
    expect(round?.nextReminderAt?.getTime()).toBe(t.clock.now().getTime() + 3 * DAY);
  });

  it('refuses an expiry outside tomorrow..90 days, a long or non-plain message, bad reminders (400)', async () => {
    const doc = await contractWith([uniqueEmail('r')]);
    for (const expiresOn of ['2026-06-01', '2026-08-31', '2026-13-01']) {
      const res = await send(owner, doc.id, { expiresOn });
      expect(res.statusCode, expiresOn).toBe(400);
    }
    expect(errorOf(await send(owner, doc.id, { expiresOn: '2026-06-01' })).reason).toBe(
      'EXPIRY_OUT_OF_RANGE',
    );
    expect((await send(owner, doc.id, { message: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await send(owner, doc.id, { message: 'bell\u0007' })).statusCode).toBe(400);
    expect((await send(owner, doc.id, { reminderDays: 0 })).statusCode).toBe(400);
    expect((await send(owner, doc.id, { reminderDays: 31 })).statusCode).toBe(400);
    expect(await roundOf(doc.id)).toBeUndefined();
  });
});

describe('POST signing/remind/{docId}', () => {
  it('reminds one or all, at most once per signee in the interval, with when it is possible again', async () => {
    const a = uniqueEmail('ra');
    const b = uniqueEmail('rb');
    const doc = await contractWith([a, b]);
    expect((await remind(owner, doc.id)).statusCode).toBe(409);
    expect((await send(owner, doc.id, { message: 'Please <sign>' })).json().status).toBe('OK');
    const signees = (await t.json(owner, 'GET', `/api/signing/signees/${doc.id}`)).json().signees as {
      id: string;
      email: string;
    }[];
    const idOf = (email: string) => signees.find((s) => s.email === email)?.id ?? '';

    const one = await remind(owner, doc.id, { signeeId: idOf(a) });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().reminded).toEqual([idOf(a)]);
    // Same clock time as the request: pick the reminder by its subject, not by order.
    const reminder = (await t.mails(a)).find((m) => m.subject.startsWith('Reminder'));
    expect(reminder?.subject).toContain('Reminder');
    expect(reminder?.text).toContain('Please <sign>');
    expect(reminder?.links.some((l) => l.includes('/public/sign/'))).toBe(true);
    const fresh = reminder?.links.find((l) => l.includes('/public/sign/'))?.split('/public/sign/')[1];
    const status = (await t.pub('GET', `/api/signing/status/signee/${fresh}`)).json();
    expect(status.status).toBe('OK');
    // The reminder names the requester as the signing pages do.
    expect(reminder?.text).toContain(`Sara Sender from ${status.organizationName} reminds you`);

    const again = await remind(owner, doc.id, { signeeId: idOf(a) });
    expect(again.statusCode).toBe(429);
    const err = errorOf(again);
    expect(err.reason).toBe('REMIND_TOO_SOON');
    expect(err.details?.retryAt).toBe(
      new Date(t.clock.now().getTime() + SIGNING_REMIND_INTERVAL_MS).toISOString(),
    );
    expect(again.headers['retry-after']).toBe(String(SIGNING_REMIND_INTERVAL_MS / 1000));

    // All: only b is due; then nobody is.
    expect((await remind(owner, doc.id)).json().reminded).toEqual([idOf(b)]);
    expect(errorOf(await remind(owner, doc.id)).reason).toBe('REMIND_TOO_SOON');
    expect(await events(doc.id, 'signee.reminded')).toHaveLength(2);

    await advance(SIGNING_REMIND_INTERVAL_MS);
    expect((await remind(owner, doc.id)).json().reminded.sort()).toEqual([idOf(a), idOf(b)].sort());
    expect((await remind(owner, doc.id, { signeeId: randomUUID() })).statusCode).toBe(404);
  });

  it('hides other organizations (404) and needs documents edit (403)', async () => {
    const doc = await contractWith([uniqueEmail('rc')]);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    const remindOf = async (u: TestUser) =>
      (await t.json(u, 'GET', `/api/signing/signees/${doc.id}`)).json().abilities.remind;
    expect(await remindOf(owner)).toBe(false); // a draft: nothing to remind of
    expect((await send(owner, doc.id, {})).json().status).toBe('OK');
    expect(await remindOf(owner)).toBe(true);
    expect((await t.json(owner, 'GET', `/api/documents/info/${doc.id}`)).json().abilities.remind).toBe(true);
    const stranger = await t.signUp();
    expect((await remind(stranger, doc.id)).statusCode).toBe(404);
    expect(await remindOf(viewer)).toBe(false);
    expect((await remind(viewer, doc.id)).statusCode).toBe(403);
    expect((await quote(viewer, doc.id)).statusCode).toBe(403);
  });
});

describe('the follow-up job', () => {
  it('sends automatic reminders once when due, then expires the round with one refund', async () => {
    const email = uniqueEmail('x');
    const doc = await contractWith([email]);
    expect((await send(owner, doc.id, { expiresOn: '2026-06-20', reminderDays: 7 })).json().status).toBe(
      'OK',
    );
    const link = await t.linkOf(email);
    await advance(7 * DAY);
    await Promise.all([runFollowUp(ctx()), runFollowUp(ctx())]);
    expect(await events(doc.id, 'signee.reminded')).toHaveLength(1);
    expect((await t.mails(email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1);
    expect((await roundOf(doc.id))?.nextReminderAt?.getTime()).toBe(t.clock.now().getTime() + 7 * DAY);

    await advance(14 * DAY); // past the end of 20 June; the next reminder would be after it
    await Promise.all([runFollowUp(ctx()), runFollowUp(ctx())]);
    expect((await runFollowUp(ctx())).expired).toBe(0);
    expect(await events(doc.id, 'round.expired')).toHaveLength(1);
    expect(await events(doc.id, 'signee.reminded')).toHaveLength(1);
    const money = await chargesOf((await roundOf(doc.id))?.id ?? '');
    expect(money.filter((m) => m.refundOf !== null)).toHaveLength(1);
    expect(money.reduce((sum, m) => sum + m.amountCents, 0)).toBe(0);
    const info = (await t.json(owner, 'GET', `/api/documents/info/${doc.id}`)).json().document;
    expect(info.state).toBe(DOCUMENT_STATE.Draft);
    expect(await roundOf(doc.id)).toMatchObject({ state: 'cancelled', endReason: 'expired' });
    expect((await t.mails(email))[0]?.subject).toContain('expired');
    const status = (await t.pub('GET', `/api/signing/status/signee/${link}`)).json();
    expect(status).toMatchObject({ status: 'NOT_FOUND', expired: true });
    expect((await t.pub('GET', `/api/signing/start/${link}`)).statusCode).toBe(404);
    expect(errorOf(await remind(owner, doc.id)).reason).toBe('NOT_SIGNING');
  });

  it('takes no start or signature past the expiry, before the job has ended the round (409)', async () => {
    const email = uniqueEmail('z');
    const doc = await contractWith([email]);
    const expiresOn = (await quote(owner, doc.id)).json().quote.expiry.minOn as string; // tomorrow
    expect((await send(owner, doc.id, { expiresOn })).json().status).toBe('OK');
    const link = await t.linkOf(email);
    const session = await t.startSession(link);
    await t.confirmCode(session, email);
    await advance(2 * DAY); // past the end of that day in Helsinki; the follow-up job has not run
    expect((await roundOf(doc.id))?.state).toBe('signing');
    expect((await t.pub('GET', `/api/signing/status/signee/${link}`)).json()).toMatchObject({
      status: 'NOT_FOUND',
      expired: true,
    });
    expect(errorOf(await t.pub('GET', `/api/signing/start/${link}`)).reason).toBe('SIGNING_EXPIRED');
    expect(errorOf(await t.pub('GET', `/api/signing/session/${session}`)).reason).toBe('SIGNING_EXPIRED');
    expect(await events(doc.id, 'signed')).toHaveLength(0);
    expect((await runFollowUp(ctx())).expired).toBe(1);
  });

  it('leaves a cancelled round alone and a cancelled link does not say expired', async () => {
    const email = uniqueEmail('y');
    const doc = await contractWith([email]);
    expect((await send(owner, doc.id, { expiresOn: '2026-07-01' })).json().status).toBe('OK');
    const link = await t.linkOf(email);
    expect((await t.json(owner, 'GET', `/api/signing/cancel/${doc.id}`)).statusCode).toBe(200);
    const before = await chargesOf((await roundOf(doc.id))?.id ?? '');
    await advance(60 * DAY);
    await runFollowUp(ctx());
    expect(await chargesOf((await roundOf(doc.id))?.id ?? '')).toHaveLength(before.length);
    expect(await events(doc.id, 'round.expired')).toHaveLength(0);
    expect((await t.pub('GET', `/api/signing/status/signee/${link}`)).json().expired).toBeUndefined();
  });
});
