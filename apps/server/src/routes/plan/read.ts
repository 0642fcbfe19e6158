import { api, CURRENCY, P } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { reconcileOrganization } from '../../commands/billing/reconcile.ts';
import { getOrganization } from '../../commands/create-organization.ts';
import { defineRoute } from '../../http/route.ts';
import { authorize, authorizeOrganization } from '../../policies/index.ts';
import { billingDeps } from '../payments/deps.ts';
import {
  planPrices,
  presentPlanData,
  presentPriceList,
  presentTransaction,
} from '../../presenters/billing.ts';
import {
  documentsOfTransactions,
  listPlans,
  listSigningMethods,
  listTransactions,
  loadBillingState,
  readBalance,
  signaturePricesOf,
} from '../../queries/billing.ts';

export function registerPlanReadRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.plan.plan,
  )(async ({ actor, ctx, req }) => {
    authorize(actor, 'owner');
    const member = actor.membership.organization;
    const settled = await reconcileOrganization(billingDeps(ctx, req), member.id);
    const organization = (settled > 0 && (await getOrganization(ctx.db, member.id))) || member;
    const now = ctx.clock.now();
    const state = await loadBillingState(ctx.db, organization, now);
    const prices = await signaturePricesOf(ctx.db, state.plan.plan);
    return { status: 'OK', ...presentPlanData(state, prices) };
  });

  // Plans and prices are open to every member (SPEC §6: Pricing is open to all).
  defineRoute(
    app,
    api.plan.catalog,
  )(async ({ actor, ctx }) => {
    const plans = await listPlans(ctx.db);
    return {
      status: 'OK',
      currency: CURRENCY,
      current: actor.membership.organization.plan,
      plans: plans.map(({ plan, prices }) => ({
        name: plan.plan,
        monthlyPrice: plan.monthlyPriceCents,
        yearlyPrice: plan.yearlyPriceCents,
        freeBalance: plan.freeBalanceCents,
        prices: planPrices(plan, prices),
      })),
    };
  });

  defineRoute(
    app,
    api.plan.prices,
  )(async ({ actor, ctx }) => {
    const plan = actor.membership.organization.plan;
    const [methods, prices] = await Promise.all([
      listSigningMethods(ctx.db),
      signaturePricesOf(ctx.db, plan),
    ]);
    const host = new URL(ctx.config.publicUrl).host;
    return { status: 'OK', currency: CURRENCY, plan, methods: presentPriceList(methods, prices, host) };
  });

  defineRoute(
    app,
    api.plan.balance,
  )(async ({ actor, ctx }) => {
    const organization = authorizeOrganization(actor, P.ORG_VIEW_BALANCE);
    const balance = await readBalance(ctx.db, organization, ctx.clock.now());
    return { status: 'OK', balance, currency: CURRENCY };
  });

  defineRoute(
    app,
    api.plan.transactions,
  )(async ({ actor, ctx, query }) => {
    const owner = authorize(actor, 'owner');
    const page = await listTransactions(ctx.db, owner, query);
    const charged = await documentsOfTransactions(ctx.db, owner.organizationId, page.rows);
    return {
      status: 'OK',
      currency: CURRENCY,
      total: page.total,
      transactions: page.rows.map((row) => presentTransaction(row, charged.get(row.id) ?? null)),
    };
  });
}
