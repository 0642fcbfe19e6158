import type { FastifyRequest } from 'fastify';
import type { BillingDeps } from '../../commands/billing/payments.ts';
import type { AppContext } from '../../http/context.ts';
import type { RateLimit } from '../../http/rate-limit.ts';
import { paymentProviderOf } from '../../services/payments/index.ts';

/** What the billing commands need from a request. */
export function billingDeps(ctx: AppContext, req: FastifyRequest): BillingDeps {
  return { db: ctx.db, clock: ctx.clock, provider: paymentProviderOf(ctx), log: req.log };
}

/** Calls that charge a card: RATE_LIMIT_PAYMENTS_PER_MINUTE per client address. */
export function paymentRateLimit(ctx: AppContext): RateLimit {
  return { name: 'payments', max: ctx.config.payments.rateLimitPerMinute, windowMs: 60_000 };
}
