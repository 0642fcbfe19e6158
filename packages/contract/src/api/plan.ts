import { z } from 'zod';
import { CURRENCY, PLANS, TOP_UP_MAX, TOP_UP_MIN } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { okReply, statusReply } from '../envelope.ts';
import { isoDate, uuid } from './common.ts';
import { SIGNING_METHOD_IDS } from './signing-methods.ts';

/**
 * Billing (SPEC §3 Plan and Transaction, §7.2). Every amount in a reply is an integer number of euro
 * cents; only the top-up request takes whole euros (SPEC §5: 10 to 500).
 */
export const SIGNATURE_LEVELS = ['simple', 'advanced', 'qualified'] as const;
export type SignatureLevel = (typeof SIGNATURE_LEVELS)[number];

/**
 * Ledger entry names: `balance` for money in, `signature_{method}` for signature charges and refunds (one of
 * the price list's methods); `signature_{level}` names charges made before methods were charged (issue #29).
 */
export const TRANSACTION_NAMES = [
  'balance',
  'signature_simple',
  'signature_advanced',
  'signature_qualified',
  ...SIGNING_METHOD_IDS.map((id) => `signature_${id}` as const),
] as const;
export type TransactionName = (typeof TRANSACTION_NAMES)[number];

/** Names of non-signature entries of `plan.prices`; signature prices are `signature-{level}` (with a hyphen). */
export const PRICE_NAMES = {
  monthly: 'MONTHLY_PRICE',
  yearly: 'YEARLY_PRICE',
  freeBalance: 'FREE_BALANCE',
} as const;

export const TOP_UP_MESSAGE = `Amount has to be between ${TOP_UP_MIN} and ${TOP_UP_MAX}.`;

/**
 * Outcomes of a call that charges the saved payment method (HTTP 200):
 * OK (paid), PAYMENT_METHOD_REQUIRED (no saved method: run payments/setup), PAYMENT_DECLINED (nothing
 * changed; `message` says why), PAYMENT_PENDING (the provider confirms later; the result arrives by webhook).
 */
export const PAYMENT_OUTCOMES = [
  'OK',
  'PAYMENT_METHOD_REQUIRED',
  'PAYMENT_DECLINED',
  'PAYMENT_PENDING',
] as const;

const cents = z.number().int().describe('Euro cents');
const currency = z.literal(CURRENCY);
export const planName = z.enum(PLANS);
export const signatureLevel = z.enum(SIGNATURE_LEVELS);

/** A client-generated key (e.g. a UUID) that makes a retried or double-clicked payment charge once. */
export const idempotencyKey = z
  .string({ error: 'An idempotency key is required.' })
  .trim()
  .min(8, { error: 'At least 8 characters.' })
  .max(100, { error: 'At most 100 characters.' })
  .regex(/^[A-Za-z0-9._:-]+$/, { error: 'Letters, digits and . _ : - only.' });

export const TOP_UP_WHOLE_MESSAGE = 'Add whole euros only.';

/**
 * Whole euros, 10 to 500 (SPEC §5). A non-number is VALIDATION_FAILED here; a fraction or a value out of
 * range is VALIDATION_FAILED from the top-up itself, with reason TOP_UP_NOT_WHOLE or TOP_UP_OUT_OF_RANGE
 * so that the client can say which.
 */
export const topUpAmount = z
  .number({ error: TOP_UP_MESSAGE })
  .describe(`Whole euros, ${TOP_UP_MIN} to ${TOP_UP_MAX}`);

export const planPrice = z.object({ name: z.string(), value: cents });

export const planData = z.object({
  company: z.object({
    /** The plan is paid for the current period (plans without a fee always are). */
    paid: z.boolean(),
    /** Plan credit; counts towards the balance only while paid. */
    freeBalance: cents,
    /** Money paid in (top-ups) less what it paid for. */
    paidBalance: cents,
    paidUntil: isoDate.nullable(),
  }),
  /** A chosen plan waiting for its payment. */
  unpaidPlan: z.object({ name: planName }).nullable(),
  plan: z.object({
    name: planName,
    canUpgrade: z.boolean(),
    /** freeBalance (only when paid) + paidBalance. */
    balance: cents,
    currency,
    monthly: z.boolean(),
    /** MONTHLY_PRICE, YEARLY_PRICE, FREE_BALANCE and one `signature-{level}` per level the plan offers. */
    prices: z.array(planPrice),
  }),
});
export type PlanData = z.infer<typeof planData>;

export const catalogPlan = z.object({
  name: planName,
  monthlyPrice: cents,
  yearlyPrice: cents,
  freeBalance: cents,
  prices: z.array(planPrice),
});

export const signingMethodPrice = z.object({
  /** Stable id (always contains a hyphen). */
  id: z.string(),
  /** Language-neutral name; `{host}` is already replaced by this instance's host name. */
  name: z.string(),
  level: signatureLevel.nullable(),
  /** Price of one signature on the organization's plan; null when not offered (shown as '-'). */
  value: cents.nullable(),
});

export const transaction = z.object({
  id: uuid,
  name: z.enum(TRANSACTION_NAMES),
  /** Positive: money in (or a refund); negative: a charge. */
  amount: cents,
  created: isoDate,
  /** A refund of an earlier signature charge (a cancelled, declined or failed round). */
  refund: z.boolean(),
  /** The document a signature charge or refund was for; null for top-ups and deleted documents. */
  document: z.object({ id: uuid, name: z.string() }).nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const paymentReply = statusReply(PAYMENT_OUTCOMES, {
  message: z.string().optional(),
  /** The balance after the call (when it changed or was read). */
  balance: cents.optional(),
});

export const plan = {
  plan: endpoint({
    id: 'plan.plan',
    method: 'GET',
    path: '/plan/plan',
    access: 'organization',
    summary: "The organization's plan, balance and prices (owner).",
    reply: okReply(planData.shape),
  }),
  catalog: endpoint({
    id: 'plan.catalog',
    method: 'GET',
    path: '/plan/catalog',
    access: 'organization',
    summary: 'Every plan with its fees, included credit and signature prices (any member).',
    reply: okReply({ currency, current: planName, plans: z.array(catalogPlan) }),
  }),
  prices: endpoint({
    id: 'plan.prices',
    method: 'GET',
    path: '/plan/prices',
    access: 'organization',
    summary: 'Signature Pricing: the 28 signing methods with their price on the current plan (any member).',
    reply: okReply({ currency, plan: planName, methods: z.array(signingMethodPrice) }),
  }),
  create: endpoint({
    id: 'plan.create',
    method: 'POST',
    path: '/plan/create',
    access: 'organization',
    summary:
      'Choose a plan (owner). A plan without a fee applies at once; one with a fee becomes unpaidPlan and ' +
      'its fee (monthly, or yearly when monthly is false) is charged to the saved payment method.',
    body: z.object({
      plan: planName,
      monthly: z.boolean().default(true),
      idempotencyKey: idempotencyKey.optional(),
    }),
    reply: paymentReply,
  }),
  upgrade: endpoint({
    id: 'plan.upgrade',
    method: 'POST',
    path: '/plan/upgrade',
    access: 'organization',
    summary:
      'Upgrade to a higher plan (owner); it stays unpaidPlan until its fee is paid. CONFLICT when the ' +
      'plan cannot be upgraded (personal, a payment pending, or not higher).',
    body: z.object({ plan: planName, idempotencyKey: idempotencyKey.optional() }),
    reply: paymentReply,
  }),
  topUp: endpoint({
    id: 'plan.topUp',
    method: 'POST',
    path: '/plan/balance',
    access: 'organization',
    summary:
      'Add balance (owner): charges `amount` whole euros (10 to 500) to the saved payment method. The same ' +
      'idempotencyKey never charges twice; status OK means the balance was added.',
    body: z.object({ amount: topUpAmount, idempotencyKey }),
    reply: paymentReply,
  }),
  balance: endpoint({
    id: 'plan.balance',
    method: 'GET',
    path: '/plan/balance',
    access: 'organization',
    summary: "The organization's balance for the navigation (permission 3, organization view balance).",
    reply: okReply({ balance: cents, currency }),
  }),
  transactions: endpoint({
    id: 'plan.transactions',
    method: 'GET',
    path: '/plan/transactions',
    access: 'organization',
    summary: 'Every balance movement, newest first, paged by limit and offset (owner).',
    query: z.object({
      limit: z.coerce.number().int().min(1).max(500).default(100),
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    }),
    reply: okReply({ currency, total: z.number().int(), transactions: z.array(transaction) }),
  }),
} as const;
