import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { PRODUCTION_ENV, buildTestApp, errorOf, type TestApp } from './helper.ts';
import { createCompany, topUp } from './billing-helper.ts';

const production = PRODUCTION_ENV;

describe('payment configuration', () => {
  it('uses the sandbox by default outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toMatchObject({
      provider: 'sandbox',
      stripe: null,
    });
    expect(loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'off' }).payments.provider).toBeNull();
  });

  it('refuses the sandbox in production unless explicitly allowed, and turns payments off by default', () => {
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /ALLOW_SANDBOX_PAYMENTS/,
    );
    const allowed = loadConfig({
      ...production,
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    });
    expect(allowed.payments.provider).toBe('sandbox');
    expect(loadConfig(production).payments.provider).toBeNull();
  });

  it('configures Stripe from its environment variables', () => {
    const stripe = loadConfig({
      ...production,
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(stripe.payments.provider).toBe('stripe');
    expect(stripe.payments.stripe?.apiBase?.port).toBe('12111');
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk', STRIPE_API_BASE: 'ftp://x' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_PAYMENTS_PER_MINUTE: '0' })).toThrow(ConfigError);
  });
});

describe('with card payments off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PAYMENT_PROVIDER: 'off' });
  });
  afterAll(async () => t.close());

  it('answers UNAVAILABLE for setup and top-up, and PAYMENT_METHOD_REQUIRED for can-charge', async () => {
    const owner = await t.signUp();
    const company = await createCompany(t, owner);
    const setup = await t.call(owner, { method: 'GET', url: '/api/payments/setup', company });
    expect(setup.statusCode).toBe(503);
    expect(errorOf(setup).code).toBe('UNAVAILABLE');
    const top = await topUp(t, owner, company, 10);
    expect(top.statusCode).toBe(503);
    const can = await t.call(owner, { method: 'GET', url: '/api/payments/can-charge', company });
    expect(can.json()).toEqual({
      status: 'PAYMENT_METHOD_REQUIRED',
      paymentMethod: null,
      provider: null,
      testMode: false,
    });
    // Plans without a fee still work.
    const free = await t.call(owner, {
      method: 'POST',
      url: '/api/plan/create',
      company,
      payload: { plan: 'freemium' },
    });
    expect(free.json().status).toBe('OK');
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-pay/sandbox.css' })).statusCode).toBe(404);
  });
});
