import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/commands/sessions.ts';
import { signingEvents } from '../src/db/schema/index.ts';
import { ledgerSum } from './billing-helper.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

const PER_ORGANIZATION = 50;
const PER_RECIPIENT = 6;
let t: SigningTestApp;
beforeAll(async () => {
  t = await buildSigningApp({
    MAIL_LIMIT_PER_ORGANIZATION: String(PER_ORGANIZATION),
    MAIL_LIMIT_PER_RECIPIENT: String(PER_RECIPIENT),
  });
});
afterAll(async () => t.close());

const send = (u: TestUser, id: string) => t.json(u, 'GET', `/api/signing/send/${id}`);
const cancel = (u: TestUser, id: string) => t.json(u, 'GET', `/api/signing/cancel/${id}`);

async function fundedOwner(): Promise<TestUser> {
  const owner = await t.organization(await t.signUp());
  await t.fund(owner, 200);
  return owner;
}

async function contractWith(owner: TestUser, emails: string[]) {
  const doc = await t.contract(owner, `Contract ${randomUUID().slice(0, 8)}`);
  for (const email of emails) {
    const res = await t.addSignee(owner, doc.id, { givenName: 'Sig', familyName: 'Nee', email });
    expect(res.statusCode).toBe(200);
  }
  return doc;
}

function expectLimited(res: Awaited<ReturnType<typeof send>>, reason: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(errorOf(res)).toMatchObject({ code: 'RATE_LIMITED', reason });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(res.json().details.retryAfterSeconds).toBe(retryAfter);
}

describe('per-organization e-mail limit', () => {
  it('refuses the 51st e-mail of the hour with 429, changing nothing, and allows it in the next hour', async () => {
    const owner = await fundedOwner();
    const big = await contractWith(
      owner,
      Array.from({ length: 24 }, () => uniqueEmail('s')),
    );
    expect((await send(owner, big.id)).statusCode).toBe(200);
    expect((await cancel(owner, big.id)).statusCode).toBe(200); // 48 e-mails: 24 requests, 24 notices
    const keep = await contractWith(owner, [uniqueEmail('keep')]);
    const also = await contractWith(owner, [uniqueEmail('also')]);
    expect((await send(owner, keep.id)).statusCode).toBe(200);
    expect((await send(owner, also.id)).statusCode).toBe(200); // the 50th
    const one = await contractWith(owner, [uniqueEmail('late')]);
    const balance = await ledgerSum(t, owner.personalOrganizationId);
    expectLimited(await send(owner, one.id), 'MAIL_LIMIT_ORGANIZATION');
    expect(await ledgerSum(t, owner.personalOrganizationId)).toBe(balance);
    const info = await t.json(owner, 'GET', `/api/documents/info/${one.id}`);
    expect(info.json().document.state).toBe(1);
    // Cancelling is never refused, even over the limit.
    expect((await cancel(owner, keep.id)).statusCode).toBe(200);
    t.clock.advance(3600_000);
    expect((await send(owner, one.id)).statusCode).toBe(200);
  });
});

describe('per-recipient e-mail limit', () => {
  it('refuses a send that would give one address more than its hourly e-mails, across organizations', async () => {
    const victim = uniqueEmail('victim');
    const first = await fundedOwner();
    const doc = await contractWith(first, [victim]);
    for (let i = 0; i < PER_RECIPIENT / 2; i++) {
      expect((await send(first, doc.id)).statusCode).toBe(200);
      expect((await cancel(first, doc.id)).statusCode).toBe(200);
    }
    expectLimited(await send(first, doc.id), 'MAIL_LIMIT_RECIPIENT');
    const other = await fundedOwner();
    const theirs = await contractWith(other, [victim]);
    expectLimited(await send(other, theirs.id), 'MAIL_LIMIT_RECIPIENT');
    const fine = await contractWith(other, [uniqueEmail('fine')]);
    expect((await send(other, fine.id)).statusCode).toBe(200);
    expect((await t.mails(victim)).length).toBe(PER_RECIPIENT);
  });
});

describe('send/cancel cycles of one document', () => {
  it('refund the first cancel, not a cancel of a resend within 24 hours', async () => {
    const owner = await fundedOwner();
    const org = owner.personalOrganizationId;
    const doc = await contractWith(owner, [uniqueEmail('a'), uniqueEmail('b')]);
    const start = await ledgerSum(t, org);
    expect((await send(owner, doc.id)).statusCode).toBe(200);
    const price = start - (await ledgerSum(t, org));
    expect(price).toBeGreaterThan(0);
    expect((await cancel(owner, doc.id)).statusCode).toBe(200);
    expect(await ledgerSum(t, org)).toBe(start);

    t.clock.advance(3600_000);
    expect((await send(owner, doc.id)).statusCode).toBe(200);
    expect((await cancel(owner, doc.id)).statusCode).toBe(200);
    expect(await ledgerSum(t, org)).toBe(start - price);
    const events = await t.database.db
      .select()
      .from(signingEvents)
      .where(and(eq(signingEvents.documentId, doc.id), eq(signingEvents.type, 'cancelled')));
    expect(events.map((e) => (e.data as { refundWithheld?: boolean }).refundWithheld)).toEqual([false, true]);

    t.clock.advance(25 * 3600_000);
    const { token } = await createSession(t.database.db, t.clock, {
      accountId: owner.accountId,
      selectedOrganizationId: org,
      ip: '127.0.0.1',
      userAgent: 'test',
    });
    const again = { ...owner, token };
    expect((await send(again, doc.id)).statusCode).toBe(200);
    expect((await cancel(again, doc.id)).statusCode).toBe(200);
    expect(await ledgerSum(t, org)).toBe(start - price);
  });
});
