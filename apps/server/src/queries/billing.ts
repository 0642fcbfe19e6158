import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { P, PlanName, SignatureLevel } from '@sinetti/contract';
import type { DbOrTx } from '../db/client.ts';
import type { Authorized, AuthorizedScope } from '../policies/index.ts';
import {
  billingPlans,
  documents,
  organizationBilling,
  signaturePrices,
  signingMethods,
  signingProcesses,
  transactions,
} from '../db/schema/index.ts';
import type { OrganizationRow } from '../policies/membership.ts';

export type PlanRow = typeof billingPlans.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;

/** An organization's plan and balance at one moment. All amounts in cents. */
export interface BillingState {
  organization: OrganizationRow;
  plan: PlanRow;
  unpaidPlan: PlanName | null;
  monthly: boolean;
  paidUntil: Date | null;
  /** The current plan is paid for (a plan without a fee always is). */
  paid: boolean;
  /** Plan credit in the ledger (spendable only while paid). */
  free: number;
  /** Money paid in, less what it paid for. */
  paidBalance: number;
  /** free (only when paid) + paidBalance. */
  balance: number;
}

export function planHasFee(plan: Pick<PlanRow, 'monthlyPriceCents' | 'yearlyPriceCents'>): boolean {
  return plan.monthlyPriceCents > 0 || plan.yearlyPriceCents > 0;
}

export function isPlanPaid(
  plan: Pick<PlanRow, 'monthlyPriceCents' | 'yearlyPriceCents'>,
  paidUntil: Date | null,
  now: Date,
): boolean {
  return !planHasFee(plan) || (paidUntil !== null && paidUntil.getTime() > now.getTime());
}

export async function getPlanRow(db: DbOrTx, plan: PlanName): Promise<PlanRow> {
  const [row] = await db.select().from(billingPlans).where(eq(billingPlans.plan, plan)).limit(1);
  if (!row) throw new Error(`billing_plans has no row for plan ${plan}`);
  return row;
}

/** Free and paid sums of the ledger (the balance is derived from it, never stored). */
export async function sumLedger(db: DbOrTx, organizationId: string): Promise<{ free: number; paid: number }> {
  const [row] = await db
    .select({
      free: sql<
        string | number
      >`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.pool} = 'free'), 0)`,
      paid: sql<
        string | number
      >`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.pool} = 'paid'), 0)`,
    })
    .from(transactions)
    .where(eq(transactions.organizationId, organizationId));
  return { free: Number(row?.free ?? 0), paid: Number(row?.paid ?? 0) };
}

export async function loadBillingState(
  db: DbOrTx,
  organization: OrganizationRow,
  now: Date,
): Promise<BillingState> {
  const [billing] = await db
    .select()
    .from(organizationBilling)
    .where(eq(organizationBilling.organizationId, organization.id))
    .limit(1);
  const plan = await getPlanRow(db, organization.plan);
  const ledger = await sumLedger(db, organization.id);
  const paidUntil = billing?.paidUntil ?? null;
  const paid = isPlanPaid(plan, paidUntil, now);
  return {
    organization,
    plan,
    unpaidPlan: billing?.unpaidPlan ?? null,
    monthly: billing?.monthly ?? true,
    paidUntil,
    paid,
    free: ledger.free,
    paidBalance: ledger.paid,
    balance: (paid ? ledger.free : 0) + ledger.paid,
  };
}

/**
 * The organization's balance as a route shows it: to the owner or a member with organization view
 * balance (7), authorized by the route (the billing commands read the state under their own lock).
 */
export async function readBalance(
  db: DbOrTx,
  organization: Authorized<OrganizationRow, 'owner' | typeof P.ORG_VIEW_BALANCE>,
  now: Date,
): Promise<number> {
  return (await loadBillingState(db, organization, now)).balance;
}

/** SPEC §3: upgradable when nothing is waiting for payment and the plan is not personal. */
export function canUpgrade(state: Pick<BillingState, 'organization' | 'unpaidPlan' | 'plan'>): boolean {
  return !state.organization.isPersonal && state.plan.plan !== 'personal' && state.unpaidPlan === null;
}

export async function signaturePricesOf(db: DbOrTx, plan: PlanName): Promise<Map<SignatureLevel, number>> {
  const rows = await db.select().from(signaturePrices).where(eq(signaturePrices.plan, plan));
  return new Map(rows.map((r) => [r.level, r.priceCents]));
}

export async function listPlans(
  db: DbOrTx,
): Promise<{ plan: PlanRow; prices: Map<SignatureLevel, number> }[]> {
  const plans = await db.select().from(billingPlans).orderBy(asc(billingPlans.position));
  const prices = await db.select().from(signaturePrices);
  return plans.map((plan) => ({
    plan,
    prices: new Map(prices.filter((p) => p.plan === plan.plan).map((p) => [p.level, p.priceCents])),
  }));
}

export async function listSigningMethods(db: DbOrTx) {
  return db.select().from(signingMethods).orderBy(asc(signingMethods.position), asc(signingMethods.id));
}

/** A page of the ledger, newest first. */
export async function listTransactions(
  db: DbOrTx,
  owner: AuthorizedScope<'owner'>,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: TransactionRow[] }> {
  const where = eq(transactions.organizationId, owner.organizationId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(transactions).where(where);
  const rows = await db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.line), desc(transactions.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: Number(total), rows };
}

/** A signature charge's reference is `signing:{processId}:{signeeId}` (commands/signing chargeReference). */
const SIGNING_REFERENCE = /^signing:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):/i;

export type ChargedDocument = { id: string; name: string };

/**
 * The document each signature charge or refund among `rows` was for, keyed by transaction id (one query
 * for the page; rows of deleted documents and top-ups have none).
 */
export async function documentsOfTransactions(
  db: DbOrTx,
  organizationId: string,
  rows: readonly TransactionRow[],
): Promise<Map<string, ChargedDocument>> {
  const processOf = new Map<string, string>();
  for (const row of rows) {
    const match = row.reference ? SIGNING_REFERENCE.exec(row.reference) : null;
    if (match?.[1]) processOf.set(row.id, match[1].toLowerCase());
  }
  const found = new Map<string, ChargedDocument>();
  if (processOf.size === 0) return found;
  const processes = await db
    .select({ processId: signingProcesses.id, id: documents.id, name: documents.name })
    .from(signingProcesses)
    .innerJoin(documents, eq(documents.id, signingProcesses.documentId))
    .where(
      and(
        eq(signingProcesses.organizationId, organizationId),
        inArray(signingProcesses.id, [...new Set(processOf.values())]),
      ),
    );
  const byProcess = new Map(processes.map((p) => [p.processId, { id: p.id, name: p.name }]));
  for (const [transactionId, processId] of processOf) {
    const document = byProcess.get(processId);
    if (document) found.set(transactionId, document);
  }
  return found;
}

/** Rows of an earlier charge with the same idempotency key. */
export async function chargeRowsByKey(db: DbOrTx, organizationId: string, key: string) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.organizationId, organizationId), eq(transactions.idempotencyKey, key)))
    .orderBy(asc(transactions.line));
}
