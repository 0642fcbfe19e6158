import type { PlanName, TransactionName } from '@sinetti/contract';

/** Ledger entry names that stand for themselves: money in, and charges made before methods were charged. */
type NamedTransaction = 'balance' | 'signature_simple' | 'signature_advanced' | 'signature_qualified';

/** Translation keys (billing namespace) of the ledger entry names that have their own text. */
export const TRANSACTION_LABEL = {
  balance: 'transactions.names.balance',
  signature_simple: 'transactions.names.signature_simple',
  signature_advanced: 'transactions.names.signature_advanced',
  signature_qualified: 'transactions.names.signature_qualified',
} as const satisfies Record<NamedTransaction, string>;

/** A translator of the billing namespace's ledger texts (i18next's `t`, narrowed to what is used here). */
type LedgerT = {
  (key: (typeof TRANSACTION_LABEL)[NamedTransaction]): string;
  (key: 'transactions.names.signatureMethod', options: { method: string }): string;
  (key: 'transactions.names.signatureUnknown', options: { id: string }): string;
};

/** The method id of a `signature_{method}` entry, or null for the other names. */
export function transactionMethod(name: TransactionName): string | null {
  return name in TRANSACTION_LABEL ? null : name.slice('signature_'.length);
}

/**
 * A ledger entry's name for people: its own text, or for a `signature_{method}` charge (issue #29)
 * "Signature: {method name}" with the name from the price list (`methodNames`, by id), else the id.
 */
export function transactionLabel(
  t: LedgerT,
  name: TransactionName,
  methodNames: ReadonlyMap<string, string>,
): string {
  const method = transactionMethod(name);
  if (method === null) return t(TRANSACTION_LABEL[name as NamedTransaction]);
  const known = methodNames.get(method);
  return known
    ? t('transactions.names.signatureMethod', { method: known })
    : t('transactions.names.signatureUnknown', { id: method });
}

/** Translation keys (billing namespace) of plan names. */
export const PLAN_LABEL = {
  personal: 'plans.personal',
  freemium: 'plans.freemium',
  basic: 'plans.basic',
  business: 'plans.business',
  enterprise: 'plans.enterprise',
} as const satisfies Record<PlanName, string>;
