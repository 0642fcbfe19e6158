import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, errorOf, type TestApp, type TestUser } from './helper.ts';
import { systemAudit } from '../src/commands/audit.ts';
import { topUpBalance } from '../src/commands/billing/top-up.ts';
import { payments } from '../src/db/schema/index.ts';
import { paymentProviderOf } from '../src/services/payments/index.ts';
import {
  balanceOf,
  crashingProvider,
  createCompany,
  depsWith,
  ledgerSum,
  ownerScope,
  topUp,
} from './billing-helper.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';

const WEBHOOK_SECRET = 'whsec_sinetti_test_secret';
let t: TestApp;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    STRIPE_SECRET_KEY: 'sk_test_sinetti',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let eventCounter = 0;
function webhook(type: string, object: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${++eventCounter}`,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const call = (user: TestUser, company: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.call(user, { method, url, company, ...(payload ? { payload } : {}) });

/** Starts a setup and answers the Checkout session the fake created for it. */
async function startCheckout(user: TestUser, company: string) {
  const res = await call(user, company, 'GET', '/api/payments/setup');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'PAYMENT_METHOD_REQUIRED', provider: 'stripe', testMode: true });
  const redirectUrl = res.json().redirectUrl as string;
  const sessionId = redirectUrl.split('/').pop() ?? '';
  expect(redirectUrl).toBe(`https://checkout.stripe.test/c/setup/${sessionId}`);
  return sessionId;
}

async function companyWithCard(kind: 'visa' | 'declining' | 'processing' = 'visa') {
  const owner = await t.signUp();
  const company = await createCompany(t, owner);
  const sessionId = await startCheckout(owner, company);
  const session = fake.completeCheckout(sessionId, kind);
  expect((await webhook('checkout.session.completed', session)).json()).toEqual({
    status: 'OK',
    received: true,
  });
  return { owner, company };
}

describe('Stripe adapter against a local fake of the Stripe API', () => {
  it('opens Checkout in setup mode for a customer of the organization', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner, 'Stripe Oy');
    const sessionId = await startCheckout(owner, company);
    const session = fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'setup',
      currency: 'eur',
      success_url: 'http://sinetti.test/payment-return/stripe/saved',
      cancel_url: 'http://sinetti.test/payment-return/stripe/cancelled',
      metadata: { organizationId: company },
    });
    const customer = fake.requests.find(
      (r) => r.path === '/v1/customers' && r.body.get('metadata[organizationId]') === company,
    );
    expect(customer?.body.get('name')).toBe('Stripe Oy');
    expect(customer?.idempotencyKey).toBe(`sinetti-customer-${company}`);
    const status = await call(owner, company, 'GET', '/api/payments/can-charge');
    expect(status.json().status).toBe('PAYMENT_METHOD_REQUIRED');
  });

  it('saves the card from the signed webhook, once, and charges it off-session', async () => {
    const { owner, company } = await companyWithCard();
    const can = (await call(owner, company, 'GET', '/api/payments/can-charge')).json();
    expect(can).toMatchObject({ status: 'OK', provider: 'stripe', testMode: true });
    expect(can.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 });

    const key = 'stripe-top-up-1';
    expect((await topUp(t, owner, company, 20, key)).json()).toEqual({ status: 'OK', balance: 2000 });
    expect((await topUp(t, owner, company, 20, key)).json()).toEqual({ status: 'OK', balance: 2000 });
    const charges = fake.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.body.get('metadata[organizationId]') === company,
    );
    expect(charges).toHaveLength(1);
    expect(charges[0]?.body.get('amount')).toBe('2000');
    expect(charges[0]?.body.get('currency')).toBe('eur');
    expect(charges[0]?.body.get('off_session')).toBe('true');
    expect(charges[0]?.idempotencyKey).toMatch(/^sinetti-payment-[0-9a-f-]{36}$/);
    expect(await ledgerSum(t, company)).toBe(2000);
  });

  it('settles a setup on return when the webhook has not arrived', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    const sessionId = await startCheckout(owner, company);
    fake.completeCheckout(sessionId);
    const can = (await call(owner, company, 'GET', '/api/payments/can-charge')).json();
    expect(can.status).toBe('OK');
    // The late webhook changes nothing.
    expect((await webhook('checkout.session.completed', fake.sessions.get(sessionId))).statusCode).toBe(200);
    expect((await call(owner, company, 'GET', '/api/payments/can-charge')).json().paymentMethod.last4).toBe(
      '4242',
    );
  });

  it('refuses webhooks with a bad, missing or stale signature (400)', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    const session = fake.completeCheckout(await startCheckout(owner, company));
    const forged = await webhook('checkout.session.completed', session, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged)).toMatchObject({ status: 'ERROR', code: 'VALIDATION_FAILED' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'checkout.session.completed', data: { object: session } }),
    });
    expect(unsigned.statusCode).toBe(400);
    const payload = JSON.stringify({
      id: 'evt_x',
      type: 'checkout.session.completed',
      data: { object: session },
    });
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': old },
      payload,
    });
    expect(stale.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(notJson.statusCode).toBe(400);
    // None of them saved the card.
    expect(
      (await t.database.db.query.paymentMethods.findMany()).some((m) => m.organizationId === company),
    ).toBe(false);
    expect((await webhook('customer.created', { id: 'cus_x' })).json()).toEqual({
      status: 'OK',
      received: true,
    });
  });

  it('answers PAYMENT_DECLINED with Stripe’s message and changes nothing', async () => {
    const { owner, company } = await companyWithCard('declining');
    const res = await topUp(t, owner, company, 50);
    expect(res.json()).toEqual({ status: 'PAYMENT_DECLINED', message: 'Your card has insufficient funds.' });
    expect(await balanceOf(t, owner, company)).toBe(0);
    expect(await ledgerSum(t, company)).toBe(0);
  });

  it('keeps an upgrade unpaid while the payment is processing, until the webhook says it succeeded', async () => {
    const { owner, company } = await companyWithCard('processing');
    const pending = await call(owner, company, 'POST', '/api/plan/upgrade', { plan: 'basic' });
    expect(pending.json().status).toBe('PAYMENT_PENDING');
    const waiting = (await call(owner, company, 'GET', '/api/plan/plan')).json();
    expect(waiting.unpaidPlan).toEqual({ name: 'basic' });
    expect(waiting.plan).toMatchObject({ name: 'freemium', canUpgrade: false });
    const blocked = await call(owner, company, 'POST', '/api/plan/upgrade', { plan: 'business' });
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked)).toMatchObject({ code: 'CONFLICT', reason: 'PLAN_PAYMENT_PENDING' });

    const intent = fake.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    const paymentId = intent.body.get('metadata[paymentId]');
    const succeeded = {
      id: 'pi_done',
      object: 'payment_intent',
      status: 'succeeded',
      metadata: { paymentId },
    };
    expect((await webhook('payment_intent.succeeded', succeeded)).statusCode).toBe(200);
    expect((await webhook('payment_intent.succeeded', succeeded)).statusCode).toBe(200);
    const paid = (await call(owner, company, 'GET', '/api/plan/plan')).json();
    expect(paid.unpaidPlan).toBeNull();
    expect(paid.plan).toMatchObject({ name: 'basic', canUpgrade: true, balance: 500 });
    expect(await ledgerSum(t, company)).toBe(500);
  });

  it('credits nothing when a processing top-up fails later', async () => {
    const { owner, company } = await companyWithCard('processing');
    expect((await topUp(t, owner, company, 10)).json().status).toBe('PAYMENT_PENDING');
    const intent = fake.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    const failed = {
      id: 'pi_failed',
      object: 'payment_intent',
      status: 'requires_payment_method',
      metadata: { paymentId: intent.body.get('metadata[paymentId]') },
      last_payment_error: { message: 'The bank refused the payment.' },
    };
    expect((await webhook('payment_intent.payment_failed', failed)).statusCode).toBe(200);
    expect(await balanceOf(t, owner, company)).toBe(0);
  });

  it('retries a top-up with the same key after Stripe could not be reached, charging once', async () => {
    const { owner, company } = await companyWithCard();
    const key = 'stripe-retry-after-outage';
    fake.down = true;
    try {
      const failed = await topUp(t, owner, company, 30, key);
      expect(failed.statusCode).toBe(503);
      expect(errorOf(failed).code).toBe('UNAVAILABLE');
    } finally {
      fake.down = false;
    }
    expect(await balanceOf(t, owner, company)).toBe(0);
    expect((await topUp(t, owner, company, 30, key)).json()).toEqual({ status: 'OK', balance: 3000 });
    expect((await topUp(t, owner, company, 30, key)).json()).toEqual({ status: 'OK', balance: 3000 });
    const charged = fake.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.body.get('metadata[organizationId]') === company,
    );
    expect(new Set(charged.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(await ledgerSum(t, company)).toBe(3000);
  });

  it('answers 503 to a verified webhook it cannot read yet, so that Stripe retries', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    const session = fake.completeCheckout(await startCheckout(owner, company));
    fake.down = true;
    try {
      expect((await webhook('checkout.session.completed', session)).statusCode).toBe(503);
    } finally {
      fake.down = false;
    }
    expect((await webhook('checkout.session.completed', session)).statusCode).toBe(200);
    expect((await call(owner, company, 'GET', '/api/payments/can-charge')).json().status).toBe('OK');
  });

  it('answers UNAVAILABLE when Stripe cannot be reached', async () => {
    const owner = await t.signUp();
    fake.down = true;
    try {
      const res = await call(owner, owner.personalOrganizationId, 'GET', '/api/payments/setup');
      expect(res.statusCode).toBe(503);
      expect(errorOf(res).code).toBe('UNAVAILABLE');
    } finally {
      fake.down = false;
    }
  });

  it('settles a top-up whose process died after Stripe charged it: the retry finds the intent, charging once', async () => {
    const { owner, company } = await companyWithCard();
    const key = 'stripe-crash-after-charge';
    const { provider, reached } = crashingProvider(paymentProviderOf(t.app.ctx)!, 'after');
    const scope = await ownerScope(t, owner, company);
    const input = { owner: scope, amountEuros: 40, idempotencyKey: key, audit: systemAudit };
    void topUpBalance(depsWith(t, provider), input);
    await reached;
    expect(await balanceOf(t, owner, company)).toBe(0);
    expect((await topUp(t, owner, company, 40, key)).json()).toEqual({ status: 'OK', balance: 4000 });
    const created = fake.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        r.body.get('metadata[organizationId]') === company,
    );
    expect(created).toHaveLength(1);
    expect(await ledgerSum(t, company)).toBe(4000);
  });

  it('asks Stripe about a processing payment when the plan is read, without waiting for the webhook', async () => {
    const { owner, company } = await companyWithCard('processing');
    expect((await topUp(t, owner, company, 10)).json().status).toBe('PAYMENT_PENDING');
    expect((await call(owner, company, 'GET', '/api/plan/plan')).json().plan.balance).toBe(0);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.organizationId, company));
    fake.setIntentStatus(payment!.providerRef!, 'succeeded');
    expect((await call(owner, company, 'GET', '/api/plan/plan')).json().plan.balance).toBe(1000);
    expect(await ledgerSum(t, company)).toBe(1000);
  });
});
