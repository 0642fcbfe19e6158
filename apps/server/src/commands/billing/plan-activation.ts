import { eq } from 'drizzle-orm';
import type { PlanName } from '@sinetti/contract';
import type { Tx } from '../../db/client.ts';
import { organizationBilling, organizations } from '../../db/schema/index.ts';
import { getPlanRow, planHasFee, type BillingState } from '../../queries/billing.ts';
import { addMonths } from './allocate.ts';
import { insertTransactions, type NewTransaction } from './ledger.ts';

export interface Activation {
  plan: PlanName;
  monthly: boolean;
  /** The payment that paid for it (null for a plan without a fee). */
  paymentId: string | null;
  now: Date;
}

/** Writes the organization's billing row (it is created on first use). */
export async function saveBillingRow(
  tx: Tx,
  organizationId: string,
  values: Partial<Omit<typeof organizationBilling.$inferInsert, 'organizationId'>>,
  now: Date,
): Promise<void> {
  await tx
    .insert(organizationBilling)
    .values({ organizationId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: organizationBilling.organizationId, set: { ...values, updatedAt: now } });
}

/**
 * Makes a plan current (its fee is paid, or it has none): a new period starts (a renewal of the same
 * plan extends the one still running), credit left from the previous period is written off and the
 * plan's credit for this period is added. Runs under the organization lock (`state` from lockBilling).
 */
export async function activatePlan(tx: Tx, state: BillingState, a: Activation): Promise<void> {
  const organizationId = state.organization.id;
  const plan = await getPlanRow(tx, a.plan);
  let paidUntil: Date | null = null;
  if (planHasFee(plan)) {
    const running = state.plan.plan === a.plan && state.paidUntil && state.paidUntil > a.now;
    const start = running && state.paidUntil ? state.paidUntil : a.now;
    paidUntil = addMonths(start, a.monthly ? 1 : 12);
  }
  await tx
    .update(organizations)
    .set({ plan: a.plan, updatedAt: a.now })
    .where(eq(organizations.id, organizationId));
  await saveBillingRow(tx, organizationId, { unpaidPlan: null, monthly: a.monthly, paidUntil }, a.now);
  const rows: NewTransaction[] = [];
  if (state.free > 0) {
    rows.push({ organizationId, name: 'balance', amountCents: -state.free, pool: 'free', createdAt: a.now });
  }
  if (plan.freeBalanceCents > 0) {
    rows.push({
      organizationId,
      name: 'balance',
      amountCents: plan.freeBalanceCents,
      pool: 'free',
      paymentId: a.paymentId,
      createdAt: a.now,
    });
  }
  await insertTransactions(tx, rows);
}
