import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../src/db/schema/index.ts';
import { buildTestApp, errorOf, type TestApp, type TestUser } from './helper.ts';
import { addMember, createCompany, saveSandboxCard } from './billing-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000' });
});
afterAll(async () => t.close());

const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

async function startSetup(user: TestUser, company: string): Promise<string> {
  const res = await t.call(user, { method: 'GET', url: '/api/payments/setup', company });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ status: 'PAYMENT_METHOD_REQUIRED', provider: 'sandbox', testMode: true });
  expect(body.redirectUrl).toMatch(/^http:\/\/sinetti\.test\/sandbox-pay\/setup\/[0-9a-f-]{36}$/);
  return new URL(body.redirectUrl).pathname;
}

const canCharge = async (user: TestUser, company: string) =>
  (await t.call(user, { method: 'GET', url: '/api/payments/can-charge', company })).json();

describe('payments/setup and payments/can-charge', () => {
  it('saves a card on the sandbox page and then answers OK with the card', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    expect(await canCharge(owner, company)).toEqual({
      status: 'PAYMENT_METHOD_REQUIRED',
      paymentMethod: null,
      provider: 'sandbox',
      testMode: true,
    });
    await saveSandboxCard(t, owner, company);
    const after = await canCharge(owner, company);
    expect(after.status).toBe('OK');
    expect(after.paymentMethod).toMatchObject({
      provider: 'sandbox',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      testMode: true,
    });
  });

  it('replaces the saved card with a new one', async () => {
    const owner = await t.signUp();
    await saveSandboxCard(t, owner, owner.personalOrganizationId);
    await saveSandboxCard(t, owner, owner.personalOrganizationId, '4000000000000002');
    expect((await canCharge(owner, owner.personalOrganizationId)).paymentMethod.last4).toBe('0002');
    const rows = await t.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.organizationId, owner.personalOrganizationId));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.removedAt === null)).toHaveLength(1);
  });

  it('refuses non-owners (403) and other organizations (404)', async () => {
    const owner = await t.signUp();
    const admin = await t.signUp();
    const company = await createCompany(t, owner);
    await addMember(t, company, admin, 'Administrator');
    for (const url of ['/api/payments/setup', '/api/payments/can-charge']) {
      const res = await t.call(admin, { method: 'GET', url, company });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('FORBIDDEN');
      expect(
        (await t.call(admin, { method: 'GET', url, company: owner.personalOrganizationId })).statusCode,
      ).toBe(404);
    }
  });
});

describe('the sandbox card page', () => {
  it('is a plain page marked TEST MODE with labelled inputs and no script', async () => {
    const owner = await t.signUp();
    const path = await startSetup(owner, owner.personalOrganizationId);
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['x-payment-mode']).toBe('TEST MODE');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('TEST MODE — no real card is charged');
    expect(res.body).toContain('<label for="number">Card number</label>');
    expect(res.body).toContain('<label for="expiry">Expiry</label>');
    expect(res.body).toContain('<label for="cvc">CVC</label>');
    expect(res.body).toContain('Save card');
    expect(res.body).toContain('4242 4242 4242 4242');
    expect(res.body).not.toContain('<script');
    const css = await t.app.inject({ method: 'GET', url: '/sandbox-pay/sandbox.css' });
    expect(css.statusCode).toBe(200);
  });

  it.each([
    [
      'an invalid number',
      { number: '4242 4242 4242 4241', expiry: '12/40', cvc: '123' },
      'valid card number',
    ],
    [
      'a real-looking card',
      { number: '5555 5555 5555 4444', expiry: '12/40', cvc: '123' },
      'only the test cards',
    ],
    ['an expired card', { number: '4242424242424242', expiry: '01/20', cvc: '123' }, 'future expiry'],
    ['a bad CVC', { number: '4242424242424242', expiry: '12/40', cvc: '1' }, 'CVC'],
  ])('refuses %s with a message and saves nothing', async (_label, fields, message) => {
    const owner = await t.signUp();
    const path = await startSetup(owner, owner.personalOrganizationId);
    const res = await form(path, { ...fields, action: 'save' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(res.body).toContain('TEST MODE');
    expect((await canCharge(owner, owner.personalOrganizationId)).status).toBe('PAYMENT_METHOD_REQUIRED');
  });

  it('shows a second confirm step for 4000 0025 0000 3155; failing it saves nothing', async () => {
    const owner = await t.signUp();
    const path = await startSetup(owner, owner.personalOrganizationId);
    const res = await form(path, {
      number: '4000 0025 0000 3155',
      expiry: '12/40',
      cvc: '123',
      action: 'save',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Confirm the card ending 3155');
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Confirm the card ending 3155');
    const failed = await form(`${path}/confirm`, { action: 'fail' });
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe('http://sinetti.test/payment-return/sandbox/failed');
    expect((await canCharge(owner, owner.personalOrganizationId)).status).toBe('PAYMENT_METHOD_REQUIRED');
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('returns to the card-payment route on cancel, and a finished setup cannot be reused', async () => {
    const owner = await t.signUp();
    const path = await startSetup(owner, owner.personalOrganizationId);
    const res = await form(path, { action: 'cancel' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://sinetti.test/payment-return/sandbox/cancelled');
    const again = await form(path, {
      number: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      action: 'save',
    });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('TEST MODE');
  });

  it('answers 404 pages for unknown setups and 4xx for junk', async () => {
    for (const url of [
      '/sandbox-pay/setup/00000000-0000-4000-8000-000000000000',
      '/sandbox-pay/setup/nope',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const owner = await t.signUp();
    const path = await startSetup(owner, owner.personalOrganizationId);
    const junk = await form(path, { number: 'x'.repeat(100) });
    expect(junk.statusCode).toBe(400);
    const badAction = await form(path, { action: 'steal' });
    expect(badAction.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: path, payload: { number: '4242' } });
    expect(json.statusCode).toBe(400);
  });

  it('has no webhook (404)', async () => {
    for (const provider of ['sandbox', 'stripe']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/payments/webhook/${provider}`,
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('rate limit of the sandbox form', () => {
  it('answers 429 after RATE_LIMIT_PAYMENTS_PER_MINUTE posts', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '2' });
    try {
      const owner = await limited.signUp();
      const setup = await limited.call(owner, { method: 'GET', url: '/api/payments/setup' });
      const path = new URL(setup.json().redirectUrl).pathname;
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'number=1&expiry=1&cvc=1',
        });
      expect((await post()).statusCode).toBe(400);
      expect((await post()).statusCode).toBe(400);
      const third = await post();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeTruthy();
      expect(third.body).toContain('TEST MODE');
    } finally {
      await limited.close();
    }
  });
});
