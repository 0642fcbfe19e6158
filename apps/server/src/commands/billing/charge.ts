import { LOW_BALANCE_NOTICE_CENTS, type SignatureLevel, type SigningMethodId } from '@sinetti/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  chargeRowsByKey,
  loadBillingState,
  signaturePricesOf,
  type TransactionRow,
} from '../../queries/billing.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { notifyLowBalance } from '../notifications/notify.ts';
import { webhookOfLowBalance } from '../webhook-events.ts';
import { allocateCharges } from './allocate.ts';
import { insertTransactions, lockBilling } from './ledger.ts';

export interface ChargeItem {
  /** The signee's level; SIGNEE_LEVEL 1/10/20 map to simple/advanced/qualified (see `levelOfSignee`). */
  level: SignatureLevel;
  /** The signing method: the ledger row is `signature_{method}` (`signature_{level}` without one). */
  method?: SigningMethodId | undefined;
  /** What the charge is for, e.g. the signee id; `refundCharges` finds charges by it. */
  reference?: string | null;
}

export interface ChargeInput {
  organizationId: string;
  items: readonly ChargeItem[];
  /** The same key never charges twice (e.g. `send:{documentId}:{attempt}`). */
  idempotencyKey: string;
  now: Date;
  audit: AuditContext;
}

export type ChargeResult =
  | { status: 'OK'; transactions: TransactionRow[]; balance: number; replayed: boolean }
  | { status: 'LIMIT_LOW_BALANCE'; balance: number; required: number };

const MAX_ITEMS = 1000;

export function levelOfSignee(level: number): SignatureLevel {
  if (level === 1) return 'simple';
  if (level === 20) return 'qualified';
  if (level === 10) return 'advanced';
  throw new AppError('VALIDATION_FAILED', `Unknown signee level ${level}.`);
}

/**
 * Charges signatures to the organization's balance, all or nothing: inside one database transaction
 * that locks the organization, prices every item at the plan's signature price, and answers
 * LIMIT_LOW_BALANCE (charging nothing) when the balance does not cover the total. A key that already
 * charged answers its earlier rows (replayed) without charging again. Pass an open transaction to
 * charge atomically with the caller's own changes.
 */
export async function chargeBalance(db: DbOrTx, input: ChargeInput): Promise<ChargeResult> {
  const key = input.idempotencyKey.trim();
  if (key.length === 0 || key.length > 200) {
    throw new AppError('VALIDATION_FAILED', 'A charge needs an idempotency key of 1 to 200 characters.');
  }
  if (input.items.length > MAX_ITEMS)
    throw new AppError('VALIDATION_FAILED', 'Too many items in one charge.');
  return db.transaction(async (tx) => {
    const state = await lockBilling(tx, input.organizationId, input.now);
    const earlier = await chargeRowsByKey(tx, input.organizationId, key);
    if (earlier.length > 0)
      return { status: 'OK', transactions: earlier, balance: state.balance, replayed: true };

    const prices = await signaturePricesOf(tx, state.plan.plan);
    const priced = input.items.map((item) => {
      const priceCents = prices.get(item.level);
      if (priceCents === undefined) {
        throw new AppError(
          'CONFLICT',
          `The ${state.plan.plan} plan does not offer ${item.level} signatures.`,
        ).because('LEVEL_NOT_IN_PLAN');
      }
      return { level: item.level, method: item.method, reference: item.reference ?? null, priceCents };
    });
    const required = priced.reduce((sum, item) => sum + item.priceCents, 0);
    const spendableFree = state.paid ? state.free : 0;
    if (required > spendableFree + state.paidBalance) {
      return { status: 'LIMIT_LOW_BALANCE', balance: state.balance, required };
    }
    const lines = allocateCharges(priced, spendableFree);
    const rows = await insertTransactions(
      tx,
      lines.map((line, index) => ({
        ...line,
        organizationId: input.organizationId,
        idempotencyKey: key,
        line: index + 1,
        createdBy: input.audit.accountId,
        createdAt: input.now,
      })),
    );
    await recordAudit(tx, input.audit, 'balance.charged', {
      organizationId: input.organizationId,
      data: { idempotencyKey: key, amount: -required, items: priced.length },
    });
    const after = await loadBillingState(tx, state.organization, input.now);
    await notifyLowBalance(tx, input.now, input.organizationId, {
      before: state.balance,
      after: after.balance,
    });
    if (state.balance >= LOW_BALANCE_NOTICE_CENTS && after.balance < LOW_BALANCE_NOTICE_CENTS) {
      await webhookOfLowBalance(tx, input.now, input.organizationId, after.balance);
    }
    return { status: 'OK', transactions: rows, balance: after.balance, replayed: false };
  });
}
