import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signaturePrices, signingMethods } from '../src/db/schema/index.ts';
import { buildTestApp, errorOf, type TestApp, type TestUser } from './helper.ts';
import { addMember, createCompany, saveSandboxCard, topUp } from './billing-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000' });
});
afterAll(async () => t.close());

const get = (user: TestUser, url: string, company?: string) => t.call(user, { method: 'GET', url, company });
type Method = { id: string; name: string; level: string | null; value: number | null };

describe('GET plan/prices (Signature Pricing)', () => {
  it('lists the 28 signing methods with stable ids and the price of each on the plan, for any member', async () => {
    const owner = await t.signUp();
    const viewer = await t.signUp();
    const company = await createCompany(t, owner);
    await addMember(t, company, viewer, 'Viewer');
    const res = await get(viewer, '/api/plan/prices', company);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: string; currency: string; plan: string; methods: Method[] };
    expect(body).toMatchObject({ status: 'OK', currency: 'EUR', plan: 'freemium' });
    expect(body.methods).toHaveLength(28);
    expect(new Set(body.methods.map((m) => m.id)).size).toBe(28);
    expect(body.methods.every((m) => m.id.includes('-'))).toBe(true);
    expect(body.methods.find((m) => m.id === 'ee-id-card')).toEqual({
      id: 'ee-id-card',
      name: 'eID (EE)',
      level: 'qualified',
      value: 190,
    });
    // Cheapest first, then by name.
    const values = body.methods.map((m) => m.value ?? Infinity);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    const simple = body.methods.filter((m) => m.value === 50).map((m) => m.name);
    expect(simple).toEqual(['E-mail / SMS', 'Google / Microsoft', 'sinetti.test']);
    expect(body.methods.find((m) => m.id === 'smart-id')?.value).toBe(190);
    expect(body.methods.find((m) => m.id === 'se-bankid')?.value).toBe(120);
    expect(body.methods.find((m) => m.id === 'email-sms')?.value).toBe(50);
    // {host}: this instance's own e-mail/SMS signing, named after PUBLIC_URL's host.
    expect(body.methods.find((m) => m.id === 'host-email-sms')).toEqual({
      id: 'host-email-sms',
      name: 'sinetti.test',
      level: 'simple',
      value: 50,
    });
  });

  it("prices by the organization's plan, and answers no value for what the plan does not offer", async () => {
    const owner = await t.signUp();
    const db = t.database.db;
    const personal = await get(owner, '/api/plan/prices');
    expect(personal.json().plan).toBe('personal');
    await db
      .delete(signaturePrices)
      .where(and(eq(signaturePrices.plan, 'personal'), eq(signaturePrices.level, 'qualified')));
    await db.update(signingMethods).set({ level: null }).where(eq(signingMethods.id, 'nl-verifai'));
    try {
      const methods = (await get(owner, '/api/plan/prices')).json().methods as Method[];
      expect(methods.find((m) => m.id === 'ee-id-card')?.value).toBeNull();
      expect(methods.find((m) => m.id === 'nl-verifai')).toMatchObject({ level: null, value: null });
      expect(methods.find((m) => m.id === 'se-bankid')?.value).toBe(120);
      // What the plan does not offer comes last.
      const firstMissing = methods.findIndex((m) => m.value === null);
      expect(methods.slice(firstMissing).every((m) => m.value === null)).toBe(true);
      expect(methods.at(-1)?.value).toBeNull();
    } finally {
      await db.insert(signaturePrices).values({ plan: 'personal', level: 'qualified', priceCents: 190 });
      await db.update(signingMethods).set({ level: 'advanced' }).where(eq(signingMethods.id, 'nl-verifai'));
    }
  });

  it('refuses another organization (404) and a missing session (401)', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await get(a, '/api/plan/prices', b.personalOrganizationId)).statusCode).toBe(404);
    expect((await t.call(null, { method: 'GET', url: '/api/plan/prices' })).statusCode).toBe(401);
  });
});

describe('GET plan/catalog', () => {
  it('lists every plan in order with its fees and credit, for any member', async () => {
    const owner = await t.signUp();
    const viewer = await t.signUp();
    const company = await createCompany(t, owner);
    await addMember(t, company, viewer, 'Viewer');
    const res = await get(viewer, '/api/plan/catalog', company);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.current).toBe('freemium');
    expect(body.plans.map((p: { name: string }) => p.name)).toEqual([
      'personal',
      'freemium',
      'basic',
      'business',
      'enterprise',
    ]);
    expect(body.plans[2]).toMatchObject({
      name: 'basic',
      monthlyPrice: 900,
      yearlyPrice: 9000,
      freeBalance: 500,
    });
    expect((await get(viewer, '/api/plan/catalog', owner.personalOrganizationId)).statusCode).toBe(404);
  });
});

describe('GET plan/balance (navigation)', () => {
  it('needs permission 3 (organization view balance): owner and administrator yes, member no', async () => {
    const owner = await t.signUp();
    const admin = await t.signUp();
    const member = await t.signUp();
    const company = await createCompany(t, owner);
    await addMember(t, company, admin, 'Administrator');
    await addMember(t, company, member, 'Member');
    await saveSandboxCard(t, owner, company);
    await topUp(t, owner, company, 30);
    expect((await get(owner, '/api/plan/balance', company)).json()).toEqual({
      status: 'OK',
      balance: 3000,
      currency: 'EUR',
    });
    expect((await get(admin, '/api/plan/balance', company)).json().balance).toBe(3000);
    const refused = await get(member, '/api/plan/balance', company);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('FORBIDDEN');
    expect((await get(member, '/api/plan/balance', owner.personalOrganizationId)).statusCode).toBe(404);
  });
});

describe('GET plan/transactions', () => {
  it('lists every movement newest first, in pages, to the owner only', async () => {
    const owner = await t.signUp();
    const admin = await t.signUp();
    const company = await createCompany(t, owner);
    await addMember(t, company, admin, 'Administrator');
    await saveSandboxCard(t, owner, company);
    for (const amount of [10, 20, 30]) {
      await topUp(t, owner, company, amount);
      t.clock.advance(1000);
    }
    const all = (await get(owner, '/api/plan/transactions', company)).json();
    expect(all.total).toBe(3);
    expect(all.transactions.map((r: { amount: number }) => r.amount)).toEqual([3000, 2000, 1000]);
    expect(Object.keys(all.transactions[0]).sort()).toEqual([
      'amount',
      'created',
      'document',
      'id',
      'name',
      'refund',
    ]);
    expect(all.transactions[0]).toMatchObject({ refund: false, document: null });
    const page = (await get(owner, '/api/plan/transactions?limit=1&offset=1', company)).json();
    expect(page).toMatchObject({ total: 3, transactions: [{ amount: 2000 }] });
    for (const query of ['limit=0', 'limit=abc', 'limit=501', 'offset=-1']) {
      const bad = await get(owner, `/api/plan/transactions?${query}`, company);
      expect(bad.statusCode, query).toBe(400);
      expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
    }
    expect((await get(admin, '/api/plan/transactions', company)).statusCode).toBe(403);
    expect((await get(admin, '/api/plan/transactions', owner.personalOrganizationId)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the plan and payments calls', async () => {
    const doc = (await t.call(null, { method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/plan/balance'].post.operationId).toBe('plan.topUp');
    expect(doc.paths['/api/plan/balance'].get.operationId).toBe('plan.balance');
    expect(doc.paths['/api/payments/setup'].get.operationId).toBe('payments.setup');
    expect(doc.paths['/api/payments/webhook/{provider}'].post.operationId).toBe('payments.webhook');
  });
});
