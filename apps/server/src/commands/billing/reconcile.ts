import { and, asc, eq, lt } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { customerRefOf, getPayment, type PaymentRow } from '../../queries/billing-payments.ts';
import { systemAudit, type AuditContext } from '../audit.ts';
import {
  IN_FLIGHT_MS,
  outcomeOf,
  settlementOf,
  settlePayment,
  UNREACHABLE,
  type BillingDeps,
  type PaymentOutcome,
} from './payments.ts';

/**
 * Reconciliation of payments left pending: the process that recorded one may have died (or lost the
 * provider's reply) between recording it and settling it. The provider is asked what became of the
 * charge (it knows our payment id as idempotency key and metadata) and the answer is settled as if it
 * had come back at once. A payment the provider never received, once no request can still be talking to
 * the provider about it, fails as "could not be reached": a plan waiting for it is released, and a
 * retry with the same key charges again under the same payment id (so never twice).
 */
export async function reconcilePayment(
  deps: BillingDeps,
  payment: PaymentRow,
  audit: AuditContext = systemAudit,
): Promise<PaymentRow> {
  const { provider } = deps;
  if (payment.state !== 'pending' || !provider || provider.name !== payment.provider) return payment;
  const now = deps.clock.now();
  let found;
  try {
    found = await provider.findCharge({
      paymentId: payment.id,
      organizationId: payment.organizationId,
      providerRef: payment.providerRef,
      customerRef: await customerRefOf(deps.db, payment.organizationId, provider.name),
      createdAt: payment.createdAt,
    });
  } catch (err) {
    deps.log.warn(
      { err, paymentId: payment.id },
      'payments: the provider could not be asked about a payment',
    );
    return payment;
  }
  if (found) {
    if (found.outcome === 'pending' && found.providerRef === payment.providerRef) return payment;
    return (await settlePayment(deps.db, payment.id, settlementOf(found), now, audit)) ?? payment;
  }
  if (payment.providerRef !== null || now.getTime() - payment.createdAt.getTime() < IN_FLIGHT_MS) {
    return payment;
  }
  deps.log.warn({ paymentId: payment.id }, 'payments: a pending payment never reached the provider');
  const failed = { outcome: 'failed' as const, providerRef: null, message: UNREACHABLE };
  return (await settlePayment(deps.db, payment.id, failed, now, audit)) ?? payment;
}

/**
 * Reconciles an organization's pending payments (before its plan is read or changed); answers how many
 * were settled (then the organization's plan may have changed).
 */
export async function reconcileOrganization(deps: BillingDeps, organizationId: string): Promise<number> {
  const pending = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.state, 'pending')))
    .orderBy(asc(payments.createdAt))
    .limit(10);
  let settled = 0;
  for (const payment of pending) {
    if ((await reconcilePayment(deps, payment)).state !== 'pending') settled++;
  }
  return settled;
}

/** The periodic job: every payment pending for longer than a request can take, oldest first. */
export async function reconcileStalePayments(deps: BillingDeps, limit = 100): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - IN_FLIGHT_MS);
  const stale = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.state, 'pending'), lt(payments.createdAt, before)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
  let settled = 0;
  for (const payment of stale) {
    if ((await reconcilePayment(deps, payment)).state !== 'pending') settled++;
  }
  return settled;
}

const WAIT_MS = 10_000;

/**
 * A payment key seen before: the same payment answers its result (asking the provider when it is still
 * pending, and waiting briefly while the first request may still be talking to the provider); a
 * different payment under the same key is CONFLICT.
 */
export async function replayPayment(
  deps: BillingDeps,
  existing: PaymentRow,
  expected: Pick<PaymentRow, 'kind' | 'amountCents' | 'plan'>,
): Promise<PaymentOutcome> {
  if (
    existing.kind !== expected.kind ||
    existing.amountCents !== expected.amountCents ||
    existing.plan !== expected.plan
  ) {
    throw new AppError('CONFLICT', 'This idempotency key was already used for a different payment.').because(
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
  let current: PaymentRow | null = await reconcilePayment(deps, existing);
  const deadline = Date.now() + WAIT_MS;
  const inFlight = (p: PaymentRow) =>
    p.state === 'pending' &&
    p.providerRef === null &&
    deps.clock.now().getTime() - p.createdAt.getTime() < IN_FLIGHT_MS;
  while (current && inFlight(current) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await getPayment(deps.db, existing.id);
  }
  if (current?.state === 'pending') current = await reconcilePayment(deps, current);
  return outcomeOf(deps, current);
}
