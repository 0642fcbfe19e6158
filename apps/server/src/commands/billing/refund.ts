import { and, eq, inArray, isNull, like, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadBillingState, type TransactionRow } from '../../queries/billing.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { insertTransactions, lockBilling } from './ledger.ts';

export interface RefundInput {
  organizationId: string;
  /** References given to `chargeBalance` (e.g. signee ids of a cancelled signing that did not sign). */
  references: readonly string[];
  now: Date;
  audit: AuditContext;
}

export interface RefundResult {
  /** The refund rows written now (empty when everything was refunded before). */
  transactions: TransactionRow[];
  balance: number;
}

/**
 * Gives back every not yet refunded signature charge with one of the references: one positive row
 * per charge row, into the pool it came from, under the organization lock. Each charge row is
 * refunded at most once (unique `refund_of`), so calling it again changes nothing. Plan credit is
 * given back only while the plan is paid (lapsed credit is not revived).
 */
export async function refundCharges(db: DbOrTx, input: RefundInput): Promise<RefundResult> {
  const references = [...new Set(input.references)];
  if (references.length > 1000) throw new AppError('VALIDATION_FAILED', 'Too many references in one refund.');
  return db.transaction(async (tx) => {
    const state = await lockBilling(tx, input.organizationId, input.now);
    if (references.length === 0) return { transactions: [], balance: state.balance };
    const refunds = alias(transactions, 'refunds');
    const charges = await tx
      .select({ charge: transactions })
      .from(transactions)
      .leftJoin(refunds, eq(refunds.refundOf, transactions.id))
      .where(
        and(
          eq(transactions.organizationId, input.organizationId),
          inArray(transactions.reference, references),
          like(transactions.name, 'signature\\_%'),
          lt(transactions.amountCents, 0),
          isNull(refunds.id),
        ),
      );
    // Plan credit that has lapsed (plan no longer paid) is not given back.
    const refundable = charges.filter(({ charge }) => state.paid || charge.pool === 'paid');
    const rows = await insertTransactions(
      tx,
      refundable.map(({ charge }) => ({
        organizationId: input.organizationId,
        name: charge.name,
        amountCents: -charge.amountCents,
        pool: charge.pool,
        reference: charge.reference,
        refundOf: charge.id,
        createdBy: input.audit.accountId,
        createdAt: input.now,
      })),
    );
    if (rows.length > 0) {
      await recordAudit(tx, input.audit, 'balance.refunded', {
        organizationId: input.organizationId,
        data: { amount: rows.reduce((sum, r) => sum + r.amountCents, 0), rows: rows.length },
      });
    }
    const after = await loadBillingState(tx, state.organization, input.now);
    return { transactions: rows, balance: after.balance };
  });
}
