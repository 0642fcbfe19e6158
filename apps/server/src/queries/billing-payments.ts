import { and, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { paymentCustomers, paymentMethods, payments, paymentSetups } from '../db/schema/index.ts';
import { isUuid } from '../lib/ids.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentSetupRow = typeof paymentSetups.$inferSelect;

/** The organization's saved payment method at the active provider, if any. */
export async function activePaymentMethod(
  db: DbOrTx,
  organizationId: string,
  provider: string,
): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.organizationId, organizationId),
        eq(paymentMethods.provider, provider),
        isNull(paymentMethods.removedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findPaymentByKey(
  db: DbOrTx,
  organizationId: string,
  idempotencyKey: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

export async function getPayment(db: DbOrTx, id: string): Promise<PaymentRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

export async function customerRefOf(
  db: DbOrTx,
  organizationId: string,
  provider: string,
): Promise<string | null> {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.organizationId, organizationId), eq(paymentCustomers.provider, provider)))
    .limit(1);
  return row?.customerRef ?? null;
}

export async function getSetup(db: DbOrTx, id: string): Promise<PaymentSetupRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(paymentSetups).where(eq(paymentSetups.id, id)).limit(1);
  return row ?? null;
}

/** Setups at the provider that have not ended yet (their result may still be waiting there). */
export async function openSetups(
  db: DbOrTx,
  organizationId: string,
  provider: string,
  now: Date,
): Promise<PaymentSetupRow[]> {
  return db
    .select()
    .from(paymentSetups)
    .where(
      and(
        eq(paymentSetups.organizationId, organizationId),
        eq(paymentSetups.provider, provider),
        inArray(paymentSetups.state, ['pending', 'confirming']),
        isNotNull(paymentSetups.providerRef),
        gt(paymentSetups.expiresAt, now),
      ),
    )
    .limit(5);
}
