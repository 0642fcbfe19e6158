import {
  PRICE_NAMES,
  SIGNATURE_LEVELS,
  type PaymentMethodSummary,
  type PaymentProviderName,
  type PlanData,
  type SignatureLevel,
  type Transaction,
} from '@sinetti/contract';
import type { signingMethods } from '../db/schema/index.ts';
import {
  canUpgrade,
  type BillingState,
  type ChargedDocument,
  type PlanRow,
  type TransactionRow,
} from '../queries/billing.ts';
import type { PaymentMethodRow } from '../queries/billing-payments.ts';

/** SPEC §3's name/value list: the fees, the included credit, then `signature-{level}` per offered level. */
export function planPrices(plan: PlanRow, prices: ReadonlyMap<SignatureLevel, number>) {
  return [
    { name: PRICE_NAMES.monthly, value: plan.monthlyPriceCents },
    { name: PRICE_NAMES.yearly, value: plan.yearlyPriceCents },
    { name: PRICE_NAMES.freeBalance, value: plan.freeBalanceCents },
    ...SIGNATURE_LEVELS.flatMap((level) => {
      const value = prices.get(level);
      return value === undefined ? [] : [{ name: `signature-${level}`, value }];
    }),
  ];
}

export function presentPlanData(state: BillingState, prices: ReadonlyMap<SignatureLevel, number>): PlanData {
  return {
    company: {
      paid: state.paid,
      // Plan credit of a period that has ended no longer counts (the housekeeping job writes it off).
      freeBalance: state.paid ? state.free : 0,
      paidBalance: state.paidBalance,
      paidUntil: state.paidUntil?.toISOString() ?? null,
    },
    unpaidPlan: state.unpaidPlan ? { name: state.unpaidPlan } : null,
    plan: {
      name: state.plan.plan,
      canUpgrade: canUpgrade(state),
      balance: state.balance,
      currency: 'EUR',
      monthly: state.monthly,
      prices: planPrices(state.plan, prices),
    },
  };
}

export function presentTransaction(row: TransactionRow, document: ChargedDocument | null): Transaction {
  return {
    id: row.id,
    name: row.name,
    amount: row.amountCents,
    created: row.createdAt.toISOString(),
    refund: row.refundOf !== null,
    document,
  };
}

export function presentPaymentMethod(row: PaymentMethodRow, testMode: boolean): PaymentMethodSummary {
  return {
    provider: row.provider as PaymentProviderName,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    testMode,
    created: row.createdAt.toISOString(),
  };
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The price list, priced by each method's level on the plan: cheapest first (methods not offered last),
 * then by name; `{host}` is this instance.
 */
export function presentPriceList(
  methods: (typeof signingMethods.$inferSelect)[],
  prices: ReadonlyMap<SignatureLevel, number>,
  host: string,
) {
  const rows = methods.map((m) => ({
    id: m.id,
    name: m.name.replaceAll('{host}', host),
    level: m.level,
    value: m.level ? (prices.get(m.level) ?? null) : null,
  }));
  const rank = (value: number | null) => (value === null ? Number.POSITIVE_INFINITY : value);
  return rows.sort((a, b) => rank(a.value) - rank(b.value) || byName.compare(a.name, b.name));
}
