import type { PlanName, TransactionName } from '@sinetti/contract';

/** Translation keys (billing namespace) of ledger entry names. */
export const TRANSACTION_LABEL = {
  balance: 'transactions.names.balance',
  signature_simple: 'transactions.names.signature_simple',
  signature_advanced: 'transactions.names.signature_advanced',
  signature_qualified: 'transactions.names.signature_qualified',
} as const satisfies Record<TransactionName, string>;

/** Translation keys (billing namespace) of plan names. */
export const PLAN_LABEL = {
  personal: 'plans.personal',
  freemium: 'plans.freemium',
  basic: 'plans.basic',
  business: 'plans.business',
  enterprise: 'plans.enterprise',
} as const satisfies Record<PlanName, string>;
