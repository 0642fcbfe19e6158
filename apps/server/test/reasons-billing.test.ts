import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, errorOf, type TestApp } from './helper.ts';
import { balanceOf, ledgerSum, newKey, saveSandboxCard, topUp } from './billing-helper.ts';

/**
 * Billing reasons given to CONFLICTs that had none (issue #31 item 15), each by a real request. (The plan
 * payment still pending, PLAN_PAYMENT_PENDING, is asserted in billing-stripe.test.ts, where a payment can
 * stay processing; a key reused for another amount, IDEMPOTENCY_KEY_REUSED, in billing-top-up.test.ts.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000' });
});
afterAll(async () => t.close());

describe('POST plan/balance', () => {
  it('answers PAYMENT_NOT_RECORDED, charging nothing, when its payment row can neither be added nor found', async () => {
    const owner = await t.signUp();
    const org = owner.personalOrganizationId;
    await saveSandboxCard(t, owner, org);
    // The row of the payment silently goes nowhere (as when a racing request's row is gone again before
    // it can be read): the insert adds nothing and the key finds nothing.
    await t.database.db.execute(sql`
      create function sinetti_test_drop_payment() returns trigger language plpgsql as
        $$ begin return null; end $$`);
    await t.database.db.execute(sql`
      create trigger sinetti_test_drop_payment before insert on payments
        for each row execute function sinetti_test_drop_payment()`);
    try {
      const res = await topUp(t, owner, org, 20, newKey());
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: 'CONFLICT', reason: 'PAYMENT_NOT_RECORDED' });
    } finally {
      await t.database.db.execute(sql`drop trigger sinetti_test_drop_payment on payments`);
      await t.database.db.execute(sql`drop function sinetti_test_drop_payment()`);
    }
    expect(await ledgerSum(t, org)).toBe(0);
    expect((await topUp(t, owner, org, 20, newKey())).json().status).toBe('OK');
    expect(await balanceOf(t, owner, org)).toBe(2000);
  });
});
