import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { choosePlan } from '../../commands/billing/plans.ts';
import { topUpBalance } from '../../commands/billing/top-up.ts';
import { auditOf } from '../../http/audit.ts';
import { defineRoute } from '../../http/route.ts';
import { authorize } from '../../policies/index.ts';
import { billingDeps, paymentRateLimit } from '../payments/deps.ts';

/** Calls that charge the saved payment method: billing needs the organization owner (SPEC §6). */
export function registerPlanPaymentRoutes(app: FastifyInstance): void {
  const rateLimit = paymentRateLimit(app.ctx);
  defineRoute(app, api.plan.topUp, { rateLimit })(async ({ actor, ctx, req, body }) => {
    const owner = authorize(actor, 'owner');
    return topUpBalance(billingDeps(ctx, req), {
      owner,
      amountEuros: body.amount,
      idempotencyKey: body.idempotencyKey,
      audit: auditOf(actor),
    });
  });

  defineRoute(app, api.plan.create, { rateLimit })(async ({ actor, ctx, req, body }) => {
    const owner = authorize(actor, 'owner');
    return choosePlan(billingDeps(ctx, req), {
      owner,
      plan: body.plan,
      monthly: body.monthly,
      mode: 'create',
      idempotencyKey: body.idempotencyKey,
      audit: auditOf(actor),
    });
  });

  defineRoute(app, api.plan.upgrade, { rateLimit })(async ({ actor, ctx, req, body }) => {
    const owner = authorize(actor, 'owner');
    return choosePlan(billingDeps(ctx, req), {
      owner,
      plan: body.plan,
      monthly: true,
      mode: 'upgrade',
      idempotencyKey: body.idempotencyKey,
      audit: auditOf(actor),
    });
  });
}
