import { randomUUID } from 'node:crypto';
import { CURRENCY, type PlanName } from '@sinetti/contract';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { canUpgrade, getPlanRow, loadBillingState } from '../../queries/billing.ts';
import { activePaymentMethod, findPaymentByKey } from '../../queries/billing-payments.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { getOrganization } from '../create-organization.ts';
import { lockBilling } from './ledger.ts';
import { activatePlan, saveBillingRow } from './plan-activation.ts';
import { chargeAndSettle, requireProvider, type BillingDeps, type PaymentOutcome } from './payments.ts';
import { reconcileOrganization, replayPayment } from './reconcile.ts';

export interface ChoosePlanInput {
  /** Billing is the owner's (SPEC §6): the route authorizes it. */
  owner: AuthorizedScope<'owner'>;
  plan: PlanName;
  /** `create` chooses any plan (also lower ones); `upgrade` only a higher one, in the current period. */
  mode: 'create' | 'upgrade';
  /** Billing period for `create` (an upgrade keeps the organization's period). */
  monthly: boolean;
  idempotencyKey?: string | undefined;
  audit: AuditContext;
}

const pending = () =>
  new AppError('CONFLICT', 'A plan payment is still pending.').because('PLAN_PAYMENT_PENDING');

/**
 * Chooses a plan. Without a fee it applies at once; with one it becomes the unpaid plan and its fee is
 * charged to the saved payment method; it applies when the payment succeeds (now or by webhook).
 */
export async function choosePlan(deps: BillingDeps, input: ChoosePlanInput): Promise<PaymentOutcome> {
  const { db } = deps;
  const organization = await getOrganization(db, input.owner.organizationId);
  if (!organization) throw new AppError('NOT_FOUND', 'Organization not found.');
  if (organization.isPersonal)
    throw new AppError('CONFLICT', 'A personal workspace stays on the personal plan.').because(
      'PERSONAL_PLAN',
    );
  if (input.plan === 'personal') {
    throw new AppError('CONFLICT', 'The personal plan is only for personal workspaces.').because(
      'PERSONAL_PLAN',
    );
  }
  // A plan payment left pending by a crash would block every plan change: settle it with the provider.
  await reconcileOrganization(deps, organization.id);
  const now = deps.clock.now();
  const state = await loadBillingState(db, organization, now);
  const target = await getPlanRow(db, input.plan);
  if (input.mode === 'upgrade') {
    if (!canUpgrade(state)) throw pending();
    if (target.position <= state.plan.position) {
      throw new AppError('CONFLICT', 'Choose a plan above the current one.').because('PLAN_NOT_HIGHER');
    }
  }
  const monthly = input.mode === 'upgrade' ? state.monthly : input.monthly;
  const fee = monthly ? target.monthlyPriceCents : target.yearlyPriceCents;
  const key = input.idempotencyKey ?? randomUUID();
  const expected = { kind: 'plan' as const, amountCents: fee, plan: input.plan };
  const existing = await findPaymentByKey(db, organization.id, key);
  if (existing) return replayPayment(deps, existing, expected);

  if (fee === 0) {
    const balance = await db.transaction(async (tx) => {
      const locked = await lockBilling(tx, organization.id, now);
      if (locked.unpaidPlan) throw pending();
      await activatePlan(tx, locked, { plan: input.plan, monthly, paymentId: null, now });
      await recordAudit(tx, input.audit, 'plan.changed', {
        organizationId: organization.id,
        data: { from: locked.plan.plan, to: input.plan },
      });
      return (await loadBillingState(tx, { ...organization, plan: input.plan }, now)).balance;
    });
    return { status: 'OK', balance };
  }

  const provider = requireProvider(deps.provider);
  const method = await activePaymentMethod(db, organization.id, provider.name);
  if (!method) return { status: 'PAYMENT_METHOD_REQUIRED' };
  const payment = await db.transaction(async (tx) => {
    const locked = await lockBilling(tx, organization.id, now);
    const [row] = await tx
      .insert(payments)
      .values({
        organizationId: organization.id,
        kind: 'plan',
        amountCents: fee,
        currency: CURRENCY,
        idempotencyKey: key,
        provider: provider.name,
        plan: input.plan,
        monthly,
        createdBy: input.audit.accountId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    if (locked.unpaidPlan) throw pending();
    await saveBillingRow(tx, organization.id, { unpaidPlan: input.plan }, now);
    return row;
  });
  if (!payment) {
    const raced = await findPaymentByKey(db, organization.id, key);
    if (!raced) throw pending();
    return replayPayment(deps, raced, expected);
  }
  const period = monthly ? 'month' : 'year';
  return chargeAndSettle(
    deps,
    provider,
    payment,
    method,
    `Sinetti ${input.plan} plan, one ${period}`,
    input.audit,
  );
}
