import { CURRENCY, TOP_UP_MAX, TOP_UP_MESSAGE, TOP_UP_MIN, TOP_UP_WHOLE_MESSAGE } from '@sinetti/contract';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { activePaymentMethod, findPaymentByKey } from '../../queries/billing-payments.ts';
import type { AuditContext } from '../audit.ts';
import {
  chargeAndSettle,
  reclaimUnanswered,
  requireProvider,
  type BillingDeps,
  type PaymentOutcome,
} from './payments.ts';
import { reconcilePayment, replayPayment } from './reconcile.ts';

export interface TopUpInput {
  /** Billing is the owner's (SPEC §6): the route authorizes it. */
  owner: AuthorizedScope<'owner'>;
  /** Whole euros, 10 to 500 (SPEC §5). */
  amountEuros: number;
  idempotencyKey: string;
  audit: AuditContext;
}

/**
 * Adds balance by charging the saved payment method. The client's idempotency key makes a retried or
 * double-clicked top-up charge once; a declined card changes nothing. A retry after the provider could
 * not be reached (or never reached it: a crash, see reconcile.ts) charges again under the same payment
 * id (the provider's idempotency key: never twice).
 */
export async function topUpBalance(deps: BillingDeps, input: TopUpInput): Promise<PaymentOutcome> {
  const { amountEuros } = input;
  const { organizationId } = input.owner;
  if (!Number.isInteger(amountEuros) && amountEuros >= TOP_UP_MIN && amountEuros <= TOP_UP_MAX) {
    throw new AppError('VALIDATION_FAILED', TOP_UP_WHOLE_MESSAGE, { amount: TOP_UP_WHOLE_MESSAGE }).because(
      'TOP_UP_NOT_WHOLE',
    );
  }
  if (!Number.isInteger(amountEuros) || amountEuros < TOP_UP_MIN || amountEuros > TOP_UP_MAX) {
    throw new AppError('VALIDATION_FAILED', TOP_UP_MESSAGE, { amount: TOP_UP_MESSAGE }).because(
      'TOP_UP_OUT_OF_RANGE',
    );
  }
  const provider = requireProvider(deps.provider);
  const amountCents = amountEuros * 100;
  const expected = { kind: 'top_up' as const, amountCents, plan: null };
  const existing = await findPaymentByKey(deps.db, organizationId, input.idempotencyKey);
  const method = await activePaymentMethod(deps.db, organizationId, provider.name);
  const description = `Sinetti balance top-up ${amountEuros} ${CURRENCY}`;
  if (existing) {
    const same = existing.kind === 'top_up' && existing.amountCents === amountCents;
    // A payment left pending by a crash: the provider says how it ended (or that it never got it).
    const known = same ? await reconcilePayment(deps, existing, input.audit) : existing;
    const retry = same && method ? await reclaimUnanswered(deps.db, known) : null;
    if (retry && method) return chargeAndSettle(deps, provider, retry, method, description, input.audit);
    return replayPayment(deps, known, expected);
  }
  if (!method) return { status: 'PAYMENT_METHOD_REQUIRED' };
  const [payment] = await deps.db
    .insert(payments)
    .values({
      organizationId,
      kind: 'top_up',
      amountCents,
      currency: CURRENCY,
      idempotencyKey: input.idempotencyKey,
      provider: provider.name,
      createdBy: input.audit.accountId,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!payment) {
    const raced = await findPaymentByKey(deps.db, organizationId, input.idempotencyKey);
    if (!raced) {
      throw new AppError('CONFLICT', 'The payment could not be recorded. Try again.').because(
        'PAYMENT_NOT_RECORDED',
      );
    }
    return replayPayment(deps, raced, expected);
  }
  return chargeAndSettle(deps, provider, payment, method, description, input.audit);
}
