import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAudit } from '../src/commands/audit.ts';
import { BILLING_JOBS } from '../src/commands/billing/jobs.ts';
import { choosePlan } from '../src/commands/billing/plans.ts';
import { topUpBalance } from '../src/commands/billing/top-up.ts';
import { payments, sandboxCharges } from '../src/db/schema/index.ts';
import { enqueueJob } from '../src/services/jobs/index.ts';
import { paymentProviderOf } from '../src/services/payments/index.ts';
import { buildTestApp, type TestApp, type TestUser } from './helper.ts';
import {
  balanceOf,
  crashingProvider,
  createCompany,
  depsWith,
  ledgerSum,
  newKey,
  ownerScope,
  saveSandboxCard,
  topUp,
} from './billing-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000' });
});
afterAll(async () => t.close());

const sandbox = () => paymentProviderOf(t.app.ctx)!;

async function companyWithCard(): Promise<{ owner: TestUser; company: string }> {
  const owner = await t.signUp();
  const company = await createCompany(t, owner);
  await saveSandboxCard(t, owner, company);
  return { owner, company };
}

async function paymentsOf(company: string) {
  return t.database.db.select().from(payments).where(eq(payments.organizationId, company));
}

async function chargesOf(company: string) {
  const ids = (await paymentsOf(company)).map((p) => p.id);
  const all = await t.database.db.select().from(sandboxCharges);
  return all.filter((c) => ids.includes(c.paymentId));
}

/** A top-up whose process dies between recording the payment and settling it. */
async function crashedTopUp(owner: TestUser, company: string, key: string, when: 'after' | 'before') {
  const { provider, reached } = crashingProvider(sandbox(), when);
  const scope = await ownerScope(t, owner, company);
  const input = { owner: scope, amountEuros: 25, idempotencyKey: key, audit: systemAudit };
  void topUpBalance(depsWith(t, provider), input);
  await reached;
  const [payment] = await paymentsOf(company);
  expect(payment).toMatchObject({ state: 'pending', providerRef: null });
}

/** A plan upgrade whose process dies the same way: the organization waits for the fee. */
async function crashedUpgrade(owner: TestUser, company: string, when: 'after' | 'before') {
  const { provider, reached } = crashingProvider(sandbox(), when);
  const input = {
    owner: await ownerScope(t, owner, company),
    plan: 'basic' as const,
    mode: 'upgrade' as const,
    monthly: true,
    audit: { accountId: owner.accountId, ip: null, userAgent: null },
  };
  void choosePlan(depsWith(t, provider), input);
  await reached;
  const plan = (await t.call(owner, { method: 'GET', url: '/api/plan/plan', company })).json();
  return plan;
}

describe('payments left pending by a crash between recording and settling them (sandbox)', () => {
  it('a top-up retried with the same key answers the charge the provider made, and credits it once', async () => {
    const { owner, company } = await companyWithCard();
    const key = newKey('crash');
    await crashedTopUp(owner, company, key, 'after');
    expect((await topUp(t, owner, company, 25, key)).json()).toEqual({ status: 'OK', balance: 2500 });
    expect((await topUp(t, owner, company, 25, key)).json()).toEqual({ status: 'OK', balance: 2500 });
    expect(await chargesOf(company)).toHaveLength(1);
    expect(await ledgerSum(t, company)).toBe(2500);
    expect(await balanceOf(t, owner, company)).toBe(2500);
  });

  it('a top-up that never reached the provider is charged by the retry once no request can still be running', async () => {
    const { owner, company } = await companyWithCard();
    const key = newKey('crash');
    await crashedTopUp(owner, company, key, 'before');
    expect(await chargesOf(company)).toHaveLength(0);
    t.clock.advance(61_000);
    expect((await topUp(t, owner, company, 25, key)).json()).toEqual({ status: 'OK', balance: 2500 });
    expect(await chargesOf(company)).toHaveLength(1);
    expect(await ledgerSum(t, company)).toBe(2500);
  });

  it('reading the plan settles a plan fee the provider charged: the plan applies and can change again', async () => {
    const { owner, company } = await companyWithCard();
    const plan = await crashedUpgrade(owner, company, 'after');
    expect(plan).toMatchObject({ status: 'OK', unpaidPlan: null, plan: { name: 'basic', balance: 500 } });
    const upgrade = await t.call(owner, {
      method: 'POST',
      url: '/api/plan/upgrade',
      company,
      payload: { plan: 'business' },
    });
    expect(upgrade.json().status).toBe('OK');
    expect(await chargesOf(company)).toHaveLength(2);
  });

  it('the periodic job releases a plan whose fee never reached the provider', async () => {
    const { owner, company } = await companyWithCard();
    const plan = await crashedUpgrade(owner, company, 'before');
    // Within the in-flight window the payment may still be on its way: the plan stays unpaid.
    expect(plan).toMatchObject({ unpaidPlan: { name: 'basic' }, plan: { name: 'freemium' } });
    t.clock.advance(61_000);
    await enqueueJob(t.database.db, BILLING_JOBS.reconcile, {}, { runAt: t.clock.now() });
    expect(await t.app.jobs.drain({ kinds: [BILLING_JOBS.reconcile] })).toBe(1);
    const [payment] = await paymentsOf(company);
    expect(payment).toMatchObject({ state: 'failed' });
    const after = (await t.call(owner, { method: 'GET', url: '/api/plan/plan', company })).json();
    expect(after).toMatchObject({ unpaidPlan: null, plan: { name: 'freemium', canUpgrade: true } });
    expect(await chargesOf(company)).toHaveLength(0);
    expect(await ledgerSum(t, company)).toBe(0);
  });
});
