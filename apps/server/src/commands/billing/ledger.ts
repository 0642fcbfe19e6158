import { eq, lt } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { organizationBilling, organizations, transactions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrganizationRow } from '../../policies/membership.ts';
import { loadBillingState, type BillingState, type TransactionRow } from '../../queries/billing.ts';

export type NewTransaction = typeof transactions.$inferInsert;

/**
 * Every change of the balance runs inside a database transaction that first takes this row lock
 * (`select … for update` on the organization), so concurrent changes queue up and none reads a
 * balance another is about to change.
 */
export async function lockOrganization(tx: Tx, organizationId: string): Promise<OrganizationRow> {
  const [row] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found.');
  return row;
}

export async function insertTransactions(tx: Tx, rows: NewTransaction[]): Promise<TransactionRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(transactions).values(rows).returning();
}

/**
 * Locks the organization and reads its billing state. Plan credit left when the plan is no longer paid
 * is written off first (a `balance` movement), so the ledger always sums to the balance.
 */
export async function lockBilling(tx: Tx, organizationId: string, now: Date): Promise<BillingState> {
  const organization = await lockOrganization(tx, organizationId);
  const state = await loadBillingState(tx, organization, now);
  if (state.paid || state.free <= 0) return state;
  await insertTransactions(tx, [
    { organizationId, name: 'balance', amountCents: -state.free, pool: 'free', createdAt: now },
  ]);
  return { ...state, free: 0 };
}

/**
 * Writes off the lapsed plan credit of every organization whose paid period has ended (the periodic
 * billing job; reads never write). Returns how many organizations had credit to write off.
 */
export async function expireAllLapsedCredit(db: Db, now: Date): Promise<number> {
  const lapsed = await db
    .select({ organization: organizations })
    .from(organizationBilling)
    .innerJoin(organizations, eq(organizations.id, organizationBilling.organizationId))
    .where(lt(organizationBilling.paidUntil, now));
  let written = 0;
  for (const { organization } of lapsed) {
    if (await expireLapsedCredit(db, organization, now)) written++;
  }
  return written;
}

/** Writes off lapsed plan credit if there is any (cheap check first; locks only when needed). */
export async function expireLapsedCredit(
  db: DbOrTx,
  organization: OrganizationRow,
  now: Date,
): Promise<boolean> {
  const state = await loadBillingState(db, organization, now);
  if (state.paid || state.free <= 0) return false;
  await db.transaction(async (tx) => {
    await lockBilling(tx, organization.id, now);
  });
  return true;
}
