import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE } from '@sinetti/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../src/db/schema/index.ts';
import { signingEventsOf } from './signing-events.ts';
import { ledgerSum } from './billing-helper.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Sara Sender' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());

const decline = (link: string, reason: unknown) => t.pub('POST', `/api/signing/decline/${link}`, { reason });
const status = async (link: string) => (await t.pub('GET', `/api/signing/status/signee/${link}`)).json();
const balance = () => ledgerSum(t, owner.personalOrganizationId);
const signeesOf = async (docId: string) =>
  (await t.json(owner, 'GET', `/api/signing/signees/${docId}`)).json().signees as {
    email: string;
    status: string;
    declinedAt?: string;
    declineReason?: string;
  }[];
const refundsOf = async (docId: string) => {
  const rows = await t.database.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.organizationId, owner.personalOrganizationId),
        like(transactions.reference, 'signing:%'),
      ),
    );
  const events = await signingEventsOf(t.database.db, docId);
  const processIds = new Set(events.map((e) => e.processId));
  return rows.filter((r) => r.refundOf !== null && processIds.has(r.reference?.split(':')[1] ?? null));
};

/** A sent contract with these signees; returns each one's link token. */
async function sent(count: number) {
  const doc = await t.contract(owner, `Offer ${randomUUID().slice(0, 6)}`);
  const emails = Array.from({ length: count }, (_, i) => uniqueEmail(`d${i}`));
  for (const email of emails)
    await t.addSignee(owner, doc.id, { givenName: 'Dee', familyName: `N${count}`, email });
  expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
  const links: string[] = [];
  for (const email of emails) links.push(await t.linkOf(email));
  return { doc, emails, links };
}

describe('POST signing/decline/{token}', () => {
  it('ends the round as declined: Draft, unused charges refunded once, sender told, links show declined', async () => {
    const before = await balance();
    const { doc, emails, links } = await sent(2);
    expect(await balance()).toBe(before - 100);
    const session = await t.startSession(links[0]!);
    await t.confirmCode(session, emails[0]!);
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'drawn', image: pngDataUrl() },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);

    const res = await decline(links[1]!, '  The price on\npage 2 is wrong.  ');
    expect(res.statusCode, res.body).toBe(200);
    const info = (await t.json(owner, 'GET', `/api/documents/info/${doc.id}`)).json().document;
    expect(info.state).toBe(DOCUMENT_STATE.Draft);
    // Only the decliner had not signed: their charge comes back, once.
    expect(await balance()).toBe(before - 50);
    expect(await refundsOf(doc.id)).toHaveLength(1);

    const [mail] = await t.mails(owner.email);
    expect(mail?.subject).toBe(`Signing declined: ${doc.name}`);
    expect(mail?.text).toContain('Dee N2 has declined');
    expect(mail?.text).toContain('The price on page 2 is wrong.');

    // The round ended: the decliner is Declined and the other signee (whose signature went with the round)
    // is no longer waiting (issue #31 item 3).
    const listed = await signeesOf(doc.id);
    expect(listed.map((s) => s.status)).toEqual(['stopped', 'declined']);
    expect(listed[1]).toMatchObject({ declineReason: 'The price on page 2 is wrong.' });
    expect(listed[1]?.declinedAt).toBe(t.clock.now().toISOString());

    for (const link of links) {
      expect(await status(link)).toMatchObject({ status: 'OK', declined: true, locked: false });
      const start = await t.pub('GET', `/api/signing/start/${link}`);
      expect(start.statusCode).toBe(409);
      expect(errorOf(start).reason).toBe('SIGNING_DECLINED');
      const again = await decline(link, 'Me too');
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).reason).toBe('SIGNING_DECLINED');
    }
    expect(await balance()).toBe(before - 50);

    const events = await signingEventsOf(t.database.db, doc.id);
    const declined = events.filter((e) => e.type === 'declined');
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatchObject({ actorKind: 'signee', signeeId: expect.any(String) });
    expect(declined[0]?.data).toMatchObject({ reason: 'The price on page 2 is wrong.', refunded: 50 });

    // Sent again: a new round; the declined mark is gone.
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    expect((await signeesOf(doc.id)).map((s) => s.status)).toEqual(['pending', 'pending']);
  });

  it('stops every other signee of the declined round; one added to the draft afterwards waits for the next send', async () => {
    const { doc, links } = await sent(3);
    expect((await decline(links[0]!, 'Not this year.')).statusCode).toBe(200);
    expect((await signeesOf(doc.id)).map((s) => s.status)).toEqual(['declined', 'stopped', 'stopped']);
    t.clock.advance(1000);
    const late = uniqueEmail('late');
    await t.addSignee(owner, doc.id, { givenName: 'Lee', familyName: 'Late', email: late });
    const listed = await signeesOf(doc.id);
    expect(listed.map((s) => [s.email === late, s.status])).toEqual([
      [false, 'declined'],
      [false, 'stopped'],
      [false, 'stopped'],
      [true, 'pending'],
    ]);
    // A cancel by the sender is no decline: after it, signees wait again (nobody declined that round).
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    expect((await t.json(owner, 'GET', `/api/signing/cancel/${doc.id}`)).statusCode).toBe(200);
    expect(new Set((await signeesOf(doc.id)).map((s) => s.status))).toEqual(new Set(['pending']));
  });

  it('needs a reason, refuses after signing or cancel with a clear 4xx, and knows no unknown link', async () => {
    const { doc, links } = await sent(1);
    for (const bad of ['', '   ', 'x'.repeat(501), 'bad\u202etext', 7]) {
      const res = await decline(links[0]!, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.pub('POST', `/api/signing/decline/${links[0]}`, {})).statusCode).toBe(400);
    const unknown = await decline('A'.repeat(43), 'No');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).reason).toBe('SIGNING_LINK_INVALID');
    expect((await t.json(owner, 'GET', `/api/signing/cancel/${doc.id}`)).statusCode).toBe(200);
    const afterCancel = await decline(links[0]!, 'Too late');
    expect(afterCancel.statusCode).toBe(409);
    expect(errorOf(afterCancel).reason).toBe('SIGNING_CANCELLED');
    expect((await status(links[0]!)).status).toBe('NOT_FOUND');
  });

  it('works from the signing page too; the session then answers SIGNING_DECLINED', async () => {
    const { links } = await sent(2);
    const mine = await t.startSession(links[0]!);
    const res = await t.pub('POST', `/api/signing/session/${mine}/decline`, { reason: 'Wrong name' });
    expect(res.statusCode, res.body).toBe(200);
    const view = await t.pub('GET', `/api/signing/session/${mine}`);
    expect(view.statusCode).toBe(409);
    expect(errorOf(view).reason).toBe('SIGNING_DECLINED');
    const again = await t.pub('POST', `/api/signing/session/${mine}/decline`, { reason: 'Again' });
    expect(errorOf(again).reason).toBe('SIGNING_DECLINED');
  });

  it('refuses a signee who has signed (ALREADY_SIGNED)', async () => {
    const { emails, links } = await sent(2);
    const session = await t.startSession(links[0]!);
    await t.confirmCode(session, emails[0]!);
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'typed', text: 'Dee' },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const res = await decline(links[0]!, 'Changed my mind');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).reason).toBe('ALREADY_SIGNED');
    expect((await status(links[1]!)).declined).toBeUndefined();
  });
});
