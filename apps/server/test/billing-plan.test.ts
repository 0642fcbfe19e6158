import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, payments, transactions } from '../src/db/schema/index.ts';
import { BILLING_JOBS } from '../src/commands/billing/jobs.ts';
import { enqueueJob } from '../src/services/jobs/index.ts';
import { buildTestApp, errorOf, type TestApp, type TestUser } from './helper.ts';
import {
  addMember,
  balanceOf,
  createCompany,
  freshSession,
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

const planOf = async (user: TestUser, company: string) => {
  const res = await t.call(user, { method: 'GET', url: '/api/plan/plan', company });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const post = (user: TestUser, company: string, url: string, payload: object) =>
  t.call(user, { method: 'POST', url, company, payload });

describe('GET plan/plan', () => {
  it("answers a personal workspace's plan: paid, not upgradable, its prices in cents", async () => {
    const owner = await t.signUp();
    expect(await planOf(owner, owner.personalOrganizationId)).toEqual({
      status: 'OK',
      company: { paid: true, freeBalance: 0, paidBalance: 0, paidUntil: null },
      unpaidPlan: null,
      plan: {
        name: 'personal',
        canUpgrade: false,
        balance: 0,
        currency: 'EUR',
        monthly: true,
        prices: [
          { name: 'MONTHLY_PRICE', value: 0 },
          { name: 'YEARLY_PRICE', value: 0 },
          { name: 'FREE_BALANCE', value: 0 },
          { name: 'signature-simple', value: 50 },
          { name: 'signature-advanced', value: 120 },
          { name: 'signature-qualified', value: 190 },
        ],
      },
    });
  });

  it('lets a new company (freemium) upgrade', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    const data = await planOf(owner, company);
    expect(data.plan).toMatchObject({ name: 'freemium', canUpgrade: true, balance: 0 });
  });

  it('refuses a member who is not the owner (403) and another organization (404)', async () => {
    const owner = await t.signUp();
    const admin = await t.signUp();
    const company = await createCompany(t, owner);
    await addMember(t, company, admin, 'Administrator');
    const forbidden = await t.call(admin, { method: 'GET', url: '/api/plan/plan', company });
    expect(forbidden.statusCode).toBe(403);
    const stranger = await t.call(admin, {
      method: 'GET',
      url: '/api/plan/plan',
      company: owner.personalOrganizationId,
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('plan/create and plan/upgrade', () => {
  it('needs a payment method for a plan with a fee', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    const res = await post(owner, company, '/api/plan/create', { plan: 'basic', monthly: true });
    expect(res.json()).toEqual({ status: 'PAYMENT_METHOD_REQUIRED' });
    expect((await planOf(owner, company)).unpaidPlan).toBeNull();
  });

  it('charges the monthly fee, starts a paid month and adds the plan credit', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    await saveSandboxCard(t, owner, company);
    const res = await post(owner, company, '/api/plan/create', { plan: 'basic', monthly: true });
    expect(res.json()).toEqual({ status: 'OK', balance: 500 });
    const data = await planOf(owner, company);
    expect(data.company).toEqual({
      paid: true,
      freeBalance: 500,
      paidBalance: 0,
      paidUntil: '2026-07-01T09:00:00.000Z',
    });
    expect(data.plan).toMatchObject({ name: 'basic', balance: 500, canUpgrade: true });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.organizationId, company));
    expect(payment).toMatchObject({ kind: 'plan', amountCents: 900, state: 'succeeded' });
    expect(await ledgerSum(t, company)).toBe(500);
  });

  it('charges the yearly fee for a yearly plan and runs for 12 months', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    await saveSandboxCard(t, owner, company);
    const key = newKey('plan');
    expect(
      (
        await post(owner, company, '/api/plan/create', {
          plan: 'business',
          monthly: false,
          idempotencyKey: key,
        })
      ).json().status,
    ).toBe('OK');
    expect(
      (
        await post(owner, company, '/api/plan/create', {
          plan: 'business',
          monthly: false,
          idempotencyKey: key,
        })
      ).json().status,
    ).toBe('OK');
    const rows = await t.database.db.select().from(payments).where(eq(payments.organizationId, company));
    expect(rows.map((r) => r.amountCents)).toEqual([29_000]);
    const data = await planOf(owner, company);
    expect(data.company.paidUntil).toBe('2027-06-01T09:00:00.000Z');
    expect(data.plan).toMatchObject({ name: 'business', monthly: false, balance: 2000 });
  });

  it('switches to a plan without a fee at once', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    await t.database.db.update(organizations).set({ plan: 'basic' }).where(eq(organizations.id, company));
    expect((await post(owner, company, '/api/plan/create', { plan: 'freemium' })).json()).toEqual({
      status: 'OK',
      balance: 0,
    });
    expect((await planOf(owner, company)).plan.name).toBe('freemium');
  });

  it('keeps the personal workspace on the personal plan and refuses unknown plans', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    const personal = await post(owner, owner.personalOrganizationId, '/api/plan/create', { plan: 'basic' });
    expect(personal.statusCode).toBe(409);
    expect(errorOf(personal)).toMatchObject({ code: 'CONFLICT', reason: 'PERSONAL_PLAN' });
    const personalPlan = await post(owner, company, '/api/plan/create', { plan: 'personal' });
    expect(personalPlan.statusCode).toBe(409);
    expect(errorOf(personalPlan).reason).toBe('PERSONAL_PLAN');
    const unknown = await post(owner, company, '/api/plan/create', { plan: 'platinum' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).code).toBe('VALIDATION_FAILED');
    expect(
      (await post(owner, company, '/api/plan/create', { plan: 'basic', monthly: 'yes' })).statusCode,
    ).toBe(400);
    const upgradePersonal = await post(owner, owner.personalOrganizationId, '/api/plan/upgrade', {
      plan: 'basic',
    });
    expect(upgradePersonal.statusCode).toBe(409);
    expect(errorOf(upgradePersonal).reason).toBe('PERSONAL_PLAN');
  });

  it('upgrades only to a higher plan and leaves nothing unpaid when the card is declined', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    await saveSandboxCard(t, owner, company, '4000 0000 0000 0002');
    const declined = await post(owner, company, '/api/plan/upgrade', { plan: 'enterprise' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('PAYMENT_DECLINED');
    const after = await planOf(owner, company);
    expect(after.plan).toMatchObject({ name: 'freemium', canUpgrade: true, balance: 0 });
    expect(after.unpaidPlan).toBeNull();
    expect(await ledgerSum(t, company)).toBe(0);

    await saveSandboxCard(t, owner, company, '4242 4242 4242 4242');
    expect((await post(owner, company, '/api/plan/upgrade', { plan: 'basic' })).json().status).toBe('OK');
    const lower = await post(owner, company, '/api/plan/upgrade', { plan: 'freemium' });
    expect(lower.statusCode).toBe(409);
    expect(errorOf(lower).reason).toBe('PLAN_NOT_HIGHER');
    expect((await post(owner, company, '/api/plan/upgrade', { plan: 'basic' })).statusCode).toBe(409);
    expect((await post(owner, company, '/api/plan/upgrade', { plan: 'business' })).json().status).toBe('OK');
    expect((await planOf(owner, company)).plan).toMatchObject({ name: 'business', balance: 2000 });
    expect(await ledgerSum(t, company)).toBe(2000);
  });

  it('refuses non-owners (403) and other organizations (404)', async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    const company = await createCompany(t, owner);
    await addMember(t, company, member, 'Member');
    for (const url of ['/api/plan/create', '/api/plan/upgrade']) {
      expect((await post(member, company, url, { plan: 'basic' })).statusCode).toBe(403);
      expect((await post(member, owner.personalOrganizationId, url, { plan: 'basic' })).statusCode).toBe(404);
    }
  });

  it('stops counting plan credit when the paid period ends; reads write nothing, the periodic job writes it off', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    await saveSandboxCard(t, owner, company);
    await post(owner, company, '/api/plan/create', { plan: 'basic' });
    await topUp(t, owner, company, 10);
    expect(await balanceOf(t, owner, company)).toBe(1500);
    t.clock.advance(31 * 24 * 3600 * 1000);
    const later = await freshSession(t, owner);
    const data = await planOf(later, company);
    expect(data.company).toMatchObject({ paid: false, freeBalance: 0, paidBalance: 1000 });
    expect(data.plan.balance).toBe(1000);
    expect(await balanceOf(t, later, company)).toBe(1000);
    expect((await t.call(later, { method: 'GET', url: '/api/plan/transactions', company })).statusCode).toBe(
      200,
    );
    // Reading the plan, the balance and the transactions wrote nothing to the ledger.
    expect(await ledgerSum(t, company)).toBe(1500);
    await enqueueJob(t.database.db, BILLING_JOBS.expireCredit, {}, { runAt: t.clock.now() });
    await t.app.jobs.drain({ kinds: [BILLING_JOBS.expireCredit] });
    expect(await ledgerSum(t, company)).toBe(1000);
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.organizationId, company));
    expect(rows.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([-500, 500, 1000]);
    // Renewing starts a new period with fresh credit.
    expect((await post(later, company, '/api/plan/create', { plan: 'basic' })).json()).toEqual({
      status: 'OK',
      balance: 1500,
    });
  });
});
