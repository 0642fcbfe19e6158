import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, payments, transactions } from '../src/db/schema/index.ts';
import { buildTestApp, errorOf, type TestApp } from './helper.ts';
import {
  addMember,
  balanceOf,
  createCompany,
  ledgerSum,
  newKey,
  saveSandboxCard,
  topUp,
} from './billing-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000' });
});
afterAll(async () => t.close());

describe('POST plan/balance (top-up)', () => {
  it('answers PAYMENT_METHOD_REQUIRED without a saved payment method and charges nothing', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    const res = await topUp(t, owner, company, 10);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'PAYMENT_METHOD_REQUIRED' });
    expect(await ledgerSum(t, company)).toBe(0);
  });

  it('adds the amount in cents, records a `balance` transaction and an audit event', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    await saveSandboxCard(t, owner, company);
    const res = await topUp(t, owner, company, 25);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', balance: 2500 });
    expect(await balanceOf(t, owner, company)).toBe(2500);
    const list = await t.call(owner, { method: 'GET', url: '/api/plan/transactions', company });
    expect(list.json()).toMatchObject({ status: 'OK', total: 1, currency: 'EUR' });
    expect(list.json().transactions[0]).toMatchObject({ name: 'balance', amount: 2500 });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, company));
    expect(audit.map((a) => a.action)).toContain('balance.topped_up');
  });

  it.each([
    ['9', 9, 'TOP_UP_OUT_OF_RANGE'],
    ['501', 501, 'TOP_UP_OUT_OF_RANGE'],
    ['9.5 (a fraction out of range)', 9.5, 'TOP_UP_OUT_OF_RANGE'],
    ['"abc"', 'abc', undefined],
    ['"10" (a string)', '10', undefined],
    ['negative', -20, 'TOP_UP_OUT_OF_RANGE'],
    ['huge', 1e21, 'TOP_UP_OUT_OF_RANGE'],
    ['missing', undefined, undefined],
    ['null', null, undefined],
  ])('refuses %s with 400 VALIDATION_FAILED and charges nothing', async (_label, amount, reason) => {
    const owner = await t.signUp();
    await saveSandboxCard(t, owner, owner.personalOrganizationId);
    const res = await topUp(t, owner, owner.personalOrganizationId, amount);
    expect(res.statusCode).toBe(400);
    const body = errorOf(res);
    expect(body.status).toBe('ERROR');
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields?.amount).toBe('Amount has to be between 10 and 500.');
    expect(body.reason).toBe(reason);
    expect(await ledgerSum(t, owner.personalOrganizationId)).toBe(0);
  });

  it.each([10.5, 12.5, 499.99])('refuses %s as not whole euros (reason TOP_UP_NOT_WHOLE)', async (amount) => {
    const owner = await t.signUp();
    await saveSandboxCard(t, owner, owner.personalOrganizationId);
    const res = await topUp(t, owner, owner.personalOrganizationId, amount);
    expect(res.statusCode).toBe(400);
    const body = errorOf(res);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'TOP_UP_NOT_WHOLE' });
    expect(body.fields?.amount).toBe('Add whole euros only.');
    expect(await ledgerSum(t, owner.personalOrganizationId)).toBe(0);
  });

  it('accepts the limits 10 and 500', async () => {
    const owner = await t.signUp();
    await saveSandboxCard(t, owner, owner.personalOrganizationId);
    expect((await topUp(t, owner, owner.personalOrganizationId, 10)).json().status).toBe('OK');
    expect((await topUp(t, owner, owner.personalOrganizationId, 500)).json().status).toBe('OK');
    expect(await balanceOf(t, owner, owner.personalOrganizationId)).toBe(51_000);
  });

  it('refuses a missing or malformed idempotency key', async () => {
    const owner = await t.signUp();
    const missing = await t.call(owner, {
      method: 'POST',
      url: '/api/plan/balance',
      payload: { amount: 10 },
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields?.idempotencyKey).toBeTruthy();
    const bad = await topUp(t, owner, owner.personalOrganizationId, 10, 'no spaces allowed');
    expect(bad.statusCode).toBe(400);
  });

  it('charges once for a retried key, and once for a double click sent at the same moment', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    await saveSandboxCard(t, owner, company);
    const key = newKey();
    expect((await topUp(t, owner, company, 40, key)).json()).toEqual({ status: 'OK', balance: 4000 });
    expect((await topUp(t, owner, company, 40, key)).json()).toEqual({ status: 'OK', balance: 4000 });
    const double = newKey();
    const replies = await Promise.all([
      topUp(t, owner, company, 15, double),
      topUp(t, owner, company, 15, double),
    ]);
    expect(replies.map((r) => r.json().status)).toEqual(['OK', 'OK']);
    expect(await balanceOf(t, owner, company)).toBe(5500);
    const rows = await t.database.db.select().from(payments).where(eq(payments.organizationId, company));
    expect(rows).toHaveLength(2);
  });

  it('answers CONFLICT when a key is reused for a different amount', async () => {
    const owner = await t.signUp();
    await saveSandboxCard(t, owner, owner.personalOrganizationId);
    const key = newKey();
    expect((await topUp(t, owner, owner.personalOrganizationId, 20, key)).json().status).toBe('OK');
    const res = await topUp(t, owner, owner.personalOrganizationId, 30, key);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'CONFLICT', reason: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balanceOf(t, owner, owner.personalOrganizationId)).toBe(2000);
  });

  it('changes nothing when the card is declined and says so', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    await saveSandboxCard(t, owner, company, '4000 0000 0000 0002');
    const res = await topUp(t, owner, company, 50);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('PAYMENT_DECLINED');
    expect(res.json().message).toMatch(/declined/);
    expect(await ledgerSum(t, company)).toBe(0);
    expect(await balanceOf(t, owner, company)).toBe(0);
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.organizationId, company));
    expect(rows).toHaveLength(0);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.organizationId, company));
    expect(payment?.state).toBe('failed');
  });

  it('charges the 3-D Secure test card after its confirmation step', async () => {
    const owner = await t.signUp();
    await saveSandboxCard(t, owner, owner.personalOrganizationId, '4000 0025 0000 3155');
    expect((await topUp(t, owner, owner.personalOrganizationId, 12)).json()).toEqual({
      status: 'OK',
      balance: 1200,
    });
  });

  it('refuses members who are not the owner (403), even administrators', async () => {
    const owner = await t.signUp();
    const admin = await t.signUp();
    const company = await createCompany(t, owner);
    await addMember(t, company, admin, 'Administrator');
    await saveSandboxCard(t, owner, company);
    const res = await topUp(t, admin, company, 10);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('FORBIDDEN');
    expect(await ledgerSum(t, company)).toBe(0);
  });

  it("refuses another organization's company-id (404)", async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const company = await createCompany(t, owner);
    const res = await topUp(t, stranger, company, 10);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
  });

  it('needs a session', async () => {
    const res = await topUp(t, null as never, '', 10);
    expect(res.statusCode).toBe(401);
  });
});
