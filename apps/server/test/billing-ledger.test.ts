import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAudit } from '../src/commands/audit.ts';
import { chargeBalance, type ChargeItem } from '../src/commands/billing/charge.ts';
import { refundCharges } from '../src/commands/billing/refund.ts';
import { transactions } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp, type TestUser } from './helper.ts';
import { balanceOf, createCompany, ledgerSum, newKey, saveSandboxCard, topUp } from './billing-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000' });
});
afterAll(async () => t.close());

/** A freemium company whose balance is `euros` (advanced signatures cost 120 cents on freemium). */
async function fundedCompany(euros: number): Promise<{ owner: TestUser; company: string }> {
  const owner = await t.signUp();
  const company = await createCompany(t, owner);
  await saveSandboxCard(t, owner, company);
  expect((await topUp(t, owner, company, euros)).json().status).toBe('OK');
  return { owner, company };
}

const charge = (organizationId: string, items: ChargeItem[], idempotencyKey = newKey('charge')) =>
  chargeBalance(t.database.db, {
    organizationId,
    items,
    idempotencyKey,
    now: t.clock.now(),
    audit: systemAudit,
  });

async function expectLedgerMatches(owner: TestUser, company: string): Promise<number> {
  const balance = await balanceOf(t, owner, company);
  expect(await ledgerSum(t, company)).toBe(balance);
  expect(balance).toBeGreaterThanOrEqual(0);
  return balance;
}

describe('chargeBalance', () => {
  it('lets exactly 10 of 20 truly concurrent charges through when the balance covers 10', async () => {
    const { owner, company } = await fundedCompany(12); // 1200 cents = 10 advanced signatures
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        charge(company, [{ level: 'advanced', reference: `signee-${i}` }]),
      ),
    );
    const ok = results.filter((r) => r.status === 'OK');
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => r.status === 'LIMIT_LOW_BALANCE')).toHaveLength(10);
    // Serialised by the lock: each success saw the previous one, so the balances after are 1080 … 0.
    const after = ok.map((r) => r.balance).sort((a, b) => b - a);
    expect(after).toEqual(Array.from({ length: 10 }, (_, i) => 1200 - 120 * (i + 1)));
    expect(await expectLedgerMatches(owner, company)).toBe(0);
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.organizationId, company));
    expect(rows.filter((r) => r.name === 'signature_advanced')).toHaveLength(10);
    expect(rows.every((r) => r.name === 'balance' || r.amountCents === -120)).toBe(true);
  });

  it('charges a list all or nothing: LIMIT_LOW_BALANCE charges nothing', async () => {
    const { owner, company } = await fundedCompany(10); // 1000 cents
    const items: ChargeItem[] = [
      { level: 'qualified', reference: 'a' },
      { level: 'qualified', reference: 'b' },
      { level: 'qualified', reference: 'c' },
      { level: 'qualified', reference: 'd' },
      { level: 'qualified', reference: 'e' },
      { level: 'advanced', reference: 'f' },
    ]; // 5 × 190 + 120 = 1070
    const refused = await charge(company, items);
    expect(refused).toEqual({ status: 'LIMIT_LOW_BALANCE', balance: 1000, required: 1070 });
    expect(await expectLedgerMatches(owner, company)).toBe(1000);
    const fits = await charge(company, items.slice(0, 5));
    expect(fits.status).toBe('OK');
    if (fits.status === 'OK')
      expect(fits.transactions.map((r) => r.name)).toEqual(Array(5).fill('signature_qualified'));
    expect(await expectLedgerMatches(owner, company)).toBe(50);
  });

  it('charges once per idempotency key and answers the earlier rows on a repeat', async () => {
    const { owner, company } = await fundedCompany(10);
    const key = newKey('send');
    const first = await charge(company, [{ level: 'simple' }, { level: 'advanced' }], key);
    const again = await charge(company, [{ level: 'simple' }, { level: 'advanced' }], key);
    expect(first.status === 'OK' && !first.replayed).toBe(true);
    expect(again.status === 'OK' && again.replayed).toBe(true);
    if (first.status === 'OK' && again.status === 'OK') {
      expect(again.transactions.map((r) => r.id)).toEqual(first.transactions.map((r) => r.id));
    }
    const concurrent = newKey('send');
    const both = await Promise.all([
      charge(company, [{ level: 'simple' }], concurrent),
      charge(company, [{ level: 'simple' }], concurrent),
    ]);
    expect(both.map((r) => r.status)).toEqual(['OK', 'OK']);
    expect(await expectLedgerMatches(owner, company)).toBe(1000 - 50 - 120 - 50);
  });

  it('answers LIMIT_LOW_BALANCE on an empty balance and refuses a missing key', async () => {
    const owner = await t.signUp();
    expect(await charge(owner.personalOrganizationId, [{ level: 'simple' }])).toEqual({
      status: 'LIMIT_LOW_BALANCE',
      balance: 0,
      required: 50,
    });
    await expect(charge(owner.personalOrganizationId, [{ level: 'simple' }], '  ')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('keeps the ledger append-only', async () => {
    const { company } = await fundedCompany(10);
    await expect(
      t.database.db.execute(
        sql`update transactions set amount_cents = 99999 where organization_id = ${company}`,
      ),
    ).rejects.toThrow();
    expect(await ledgerSum(t, company)).toBe(1000);
  });
});

describe('refundCharges', () => {
  it('gives back unrefunded charges by reference, once', async () => {
    const { owner, company } = await fundedCompany(10);
    await charge(company, [
      { level: 'advanced', reference: 'signee-1' },
      { level: 'qualified', reference: 'signee-2' },
      { level: 'simple', reference: 'signee-3' },
    ]);
    expect(await expectLedgerMatches(owner, company)).toBe(1000 - 120 - 190 - 50);
    const refund = (references: string[]) =>
      refundCharges(t.database.db, {
        organizationId: company,
        references,
        now: t.clock.now(),
        audit: systemAudit,
      });
    const first = await refund(['signee-1', 'signee-2', 'unknown']);
    expect(first.transactions.map((r) => [r.name, r.amountCents]).sort()).toEqual([
      ['signature_advanced', 120],
      ['signature_qualified', 190],
    ]);
    expect(first.balance).toBe(950);
    const again = await Promise.all([refund(['signee-1']), refund(['signee-1', 'signee-2'])]);
    expect(again.flatMap((r) => r.transactions)).toHaveLength(0);
    expect(await expectLedgerMatches(owner, company)).toBe(950);
    const list = await t.call(owner, { method: 'GET', url: '/api/plan/transactions', company });
    const names = list
      .json()
      .transactions.map((r: { name: string; amount: number }) => `${r.name}:${r.amount}`);
    expect(names.sort()).toEqual(
      [
        'balance:1000',
        'signature_advanced:-120',
        'signature_advanced:120',
        'signature_qualified:-190',
        'signature_qualified:190',
        'signature_simple:-50',
      ].sort(),
    );
  });
});
