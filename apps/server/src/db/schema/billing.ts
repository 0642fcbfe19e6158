import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TransactionName } from '@sinetti/contract';
import { organizations } from './organizations.ts';

/** Money is always integer euro cents. Prices and fees live in these tables (seeded by the migration). */
const PLAN_NAMES = ['personal', 'freemium', 'basic', 'business', 'enterprise'] as const;
const LEVELS = ['simple', 'advanced', 'qualified'] as const;
const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** What each plan costs and includes; operators may change the rows without a code change. */
export const billingPlans = pgTable(
  'billing_plans',
  {
    plan: text('plan', { enum: PLAN_NAMES }).primaryKey(),
    /** Order of the plans; an upgrade goes to a higher position. */
    position: integer('position').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    yearlyPriceCents: integer('yearly_price_cents').notNull(),
    /** Signature credit included in each paid period of the plan. */
    freeBalanceCents: integer('free_balance_cents').notNull().default(0),
  },
  (t) => [
    check(
      'billing_plans_amounts_check',
      sql`${t.monthlyPriceCents} >= 0 and ${t.yearlyPriceCents} >= 0 and ${t.freeBalanceCents} >= 0`,
    ),
  ],
);

/** Price of one signature of a level on a plan. No row: the plan does not offer that level. */
export const signaturePrices = pgTable(
  'signature_prices',
  {
    plan: text('plan', { enum: PLAN_NAMES })
      .notNull()
      .references(() => billingPlans.plan, { onDelete: 'cascade' }),
    level: text('level', { enum: LEVELS }).notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.plan, t.level] }),
    check('signature_prices_check', sql`${t.priceCents} >= 0`),
  ],
);

/** The signing methods of the price list. A method without a level is listed without a price. */
export const signingMethods = pgTable('signing_methods', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  level: text('level', { enum: LEVELS }),
  position: integer('position').notNull(),
});

/** Plan state of an organization beyond `organizations.plan` (created on first use). */
export const organizationBilling = pgTable('organization_billing', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** A plan chosen but not yet paid for. */
  unpaidPlan: text('unpaid_plan', { enum: PLAN_NAMES }),
  monthly: boolean('monthly').notNull().default(true),
  /** End of the paid period of a plan with a fee; null when never paid. */
  paidUntil: timestamp('paid_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The organization's customer record at a payment provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.provider] })],
);

/** Saved payment methods; at most one active (not removed) per organization. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    methodRef: text('method_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    createdBy: uuid('created_by'),
    createdAt,
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_methods_active_idx')
      .on(t.organizationId)
      .where(sql`removed_at is null`),
  ],
);

/** A payment-method setup in progress at a provider (its page, then a webhook or return). */
export const paymentSetups = pgTable(
  'payment_setups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    state: text('state', { enum: ['pending', 'confirming', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    /** The provider's id of the setup (Stripe Checkout session). */
    providerRef: text('provider_ref'),
    /** A card waiting for its extra confirmation step (sandbox). */
    pendingRef: text('pending_ref'),
    message: text('message'),
    createdBy: uuid('created_by'),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('payment_setups_org_idx').on(t.organizationId, t.state)],
);

/** Charges of a saved method (top-ups and plan fees), keyed by the client's idempotency key. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['top_up', 'plan'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** For plan fees: the plan and its period. */
    plan: text('plan', { enum: PLAN_NAMES }),
    monthly: boolean('monthly'),
    message: text('message'),
    createdBy: uuid('created_by'),
    createdAt,
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_idempotency_idx').on(t.organizationId, t.idempotencyKey),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The ledger: append-only, one row per movement. `balance` rows are top-ups and plan credit,
 * `signature_*` rows are charges (negative) and their refunds (positive). The balance is the sum.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `balance`, or `signature_{method}` (`signature_{level}` for charges made before issue #29). */
    name: text('name').$type<TransactionName>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Plan credit (`free`, usable while the plan is paid) or money paid in (`paid`). */
    pool: text('pool', { enum: ['free', 'paid'] }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    refundOf: uuid('refund_of'),
    idempotencyKey: text('idempotency_key'),
    line: integer('line'),
    /** The caller's reference of a charge (for example a signee id), used to refund it. */
    reference: text('reference'),
    createdBy: uuid('created_by'),
    createdAt,
  },
  (t) => [
    index('transactions_org_idx').on(t.organizationId, t.createdAt),
    index('transactions_reference_idx').on(t.organizationId, t.reference),
    uniqueIndex('transactions_payment_idx')
      .on(t.paymentId)
      .where(sql`payment_id is not null`),
    uniqueIndex('transactions_refund_idx')
      .on(t.refundOf)
      .where(sql`refund_of is not null`),
    uniqueIndex('transactions_idempotency_idx')
      .on(t.organizationId, t.idempotencyKey, t.line)
      .where(sql`idempotency_key is not null`),
    check('transactions_name_check', sql`${t.name} = 'balance' or ${t.name} ~ '^signature_[a-z0-9-]+$'`),
    check('transactions_pool_check', sql`${t.pool} in ('free', 'paid')`),
  ],
);

/** Cards saved at the built-in sandbox provider (test mode only; never real card data). */
export const sandboxCards = pgTable('sandbox_cards', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  behaviour: text('behaviour', { enum: ['succeed', 'decline', 'authenticate'] }).notNull(),
  createdAt,
});

/**
 * The sandbox provider's own record of its charges, one per payment (our payment id is its idempotency
 * key, as at a real provider): a repeated charge answers the first result, and reconciliation reads it.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  paymentId: uuid('payment_id').primaryKey(),
  providerRef: text('provider_ref').notNull(),
  outcome: text('outcome', { enum: ['succeeded', 'declined'] }).notNull(),
  message: text('message'),
  createdAt,
});
