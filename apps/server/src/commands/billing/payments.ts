import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { loadBillingState } from '../../queries/billing.ts';
import { getPayment, type PaymentMethodRow, type PaymentRow } from '../../queries/billing-payments.ts';
import type { ChargeResult, PaymentProvider } from '../../services/payments/types.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { getOrganization } from '../create-organization.ts';
import { insertTransactions, lockBilling } from './ledger.ts';
import { activatePlan, saveBillingRow } from './plan-activation.ts';

export interface BillingDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider | null;
  log: FastifyBaseLogger;
}

export interface PaymentOutcome {
  status: 'OK' | 'PAYMENT_METHOD_REQUIRED' | 'PAYMENT_DECLINED' | 'PAYMENT_PENDING';
  message?: string;
  balance?: number;
}

export function requireProvider(provider: PaymentProvider | null): PaymentProvider {
  if (!provider) throw new AppError('UNAVAILABLE', 'Card payments are not configured on this server.');
  return provider;
}

export type Settlement =
  | { outcome: 'succeeded'; providerRef: string | null }
  | { outcome: 'failed'; providerRef: string | null; message: string }
  | { outcome: 'pending'; providerRef: string | null };

export function settlementOf(result: ChargeResult): Settlement {
  if (result.outcome === 'declined') return { ...result, outcome: 'failed' };
  return result;
}

/**
 * Records a payment's result under the organization lock: success credits the balance (top-up) or
 * makes the paid plan current, exactly once; failure of a pending payment changes nothing else (a
 * plan waiting for it is no longer unpaid). A later success from the provider wins over a failure.
 */
export async function settlePayment(
  db: Db,
  paymentId: string,
  result: Settlement,
  now: Date,
  audit: AuditContext,
): Promise<PaymentRow | null> {
  const found = await getPayment(db, paymentId);
  if (!found) return null;
  return db.transaction(async (tx) => {
    const state = await lockBilling(tx, found.organizationId, now);
    const [current] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!current || current.state === 'succeeded') return current ?? null;
    const providerRef = result.providerRef ?? current.providerRef;
    if (result.outcome === 'pending') {
      const [row] = await tx
        .update(payments)
        .set({ providerRef })
        .where(eq(payments.id, paymentId))
        .returning();
      return row ?? current;
    }
    const organizationId = current.organizationId;
    if (result.outcome === 'failed') {
      if (current.state !== 'pending') return current;
      const [row] = await tx
        .update(payments)
        .set({ state: 'failed', providerRef, message: result.message, settledAt: now })
        .where(eq(payments.id, paymentId))
        .returning();
      if (current.kind === 'plan' && state.unpaidPlan === current.plan) {
        await saveBillingRow(tx, organizationId, { unpaidPlan: null }, now);
      }
      await recordAudit(tx, audit, 'payment.failed', {
        organizationId,
        subjectId: paymentId,
        data: { kind: current.kind, amount: current.amountCents, message: result.message },
      });
      return row ?? current;
    }
    const [row] = await tx
      .update(payments)
      .set({ state: 'succeeded', providerRef, message: null, settledAt: now })
      .where(eq(payments.id, paymentId))
      .returning();
    if (current.kind === 'top_up') {
      await insertTransactions(tx, [
        {
          organizationId,
          name: 'balance',
          amountCents: current.amountCents,
          pool: 'paid',
          paymentId,
          createdBy: current.createdBy,
          createdAt: now,
        },
      ]);
    } else if (current.plan) {
      await activatePlan(tx, state, { plan: current.plan, monthly: current.monthly ?? true, paymentId, now });
    }
    await recordAudit(tx, audit, current.kind === 'top_up' ? 'balance.topped_up' : 'plan.paid', {
      organizationId,
      subjectId: paymentId,
      data: { amount: current.amountCents, plan: current.plan },
    });
    return row ?? current;
  });
}

/** The reply for a payment in its current state. */
export async function outcomeOf(deps: BillingDeps, payment: PaymentRow | null): Promise<PaymentOutcome> {
  if (!payment) throw new AppError('NOT_FOUND', 'Payment not found.');
  if (payment.state === 'failed') {
    return { status: 'PAYMENT_DECLINED', message: payment.message ?? 'The payment was declined.' };
  }
  const organization = await getOrganization(deps.db, payment.organizationId);
  const balance = organization
    ? (await loadBillingState(deps.db, organization, deps.clock.now())).balance
    : 0;
  if (payment.state === 'pending') {
    return {
      status: 'PAYMENT_PENDING',
      message: 'The payment provider confirms this payment later.',
      balance,
    };
  }
  return { status: 'OK', balance };
}

/** Charges the saved method for a claimed payment and records the result. */
export async function chargeAndSettle(
  deps: BillingDeps,
  provider: PaymentProvider,
  payment: PaymentRow,
  method: PaymentMethodRow,
  description: string,
  audit: AuditContext,
): Promise<PaymentOutcome> {
  let result: ChargeResult;
  try {
    result = await provider.charge({
      paymentId: payment.id,
      organizationId: payment.organizationId,
      customerRef: method.customerRef,
      methodRef: method.methodRef,
      amountCents: payment.amountCents,
      currency: payment.currency,
      description,
    });
  } catch (err) {
    deps.log.error({ err, paymentId: payment.id }, 'the payment provider could not charge');
    await settlePayment(
      deps.db,
      payment.id,
      { outcome: 'failed', providerRef: null, message: UNREACHABLE },
      deps.clock.now(),
      audit,
    );
    throw new AppError('UNAVAILABLE', `${UNREACHABLE} Try again shortly.`);
  }
  const settled = await settlePayment(deps.db, payment.id, settlementOf(result), deps.clock.now(), audit);
  return outcomeOf(deps, settled);
}

/** The message of a payment that never got an answer from the provider (a retry charges it again). */
export const UNREACHABLE = 'The payment provider could not be reached.';

/**
 * Takes back a payment whose charge never got an answer from the provider, so that a retry with the
 * same key charges again under the same payment id (the provider's idempotency key: never twice).
 * Null when it is not such a payment or another request took it first.
 */
export async function reclaimUnanswered(db: Db, payment: PaymentRow): Promise<PaymentRow | null> {
  if (payment.state !== 'failed' || payment.providerRef !== null || payment.message !== UNREACHABLE)
    return null;
  const [row] = await db
    .update(payments)
    .set({ state: 'pending', message: null, settledAt: null })
    .where(and(eq(payments.id, payment.id), eq(payments.state, 'failed'), isNull(payments.providerRef)))
    .returning();
  return row ?? null;
}

/**
 * How long a request may still be talking to the provider about a payment it recorded (the provider
 * client's timeout and retry fit well within it): a pending payment older than this has no request left.
 */
export const IN_FLIGHT_MS = 60_000;
