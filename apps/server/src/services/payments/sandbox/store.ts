import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { paymentSetups, sandboxCards } from '../../../db/schema/index.ts';
import { randomToken } from '../../../lib/crypto.ts';
import { getSetup, type PaymentSetupRow } from '../../../queries/billing-payments.ts';
import type { TestCard } from './cards.ts';

export type SandboxCardRow = typeof sandboxCards.$inferSelect;

/** A sandbox setup that can still be finished on the sandbox page, or null. */
export async function openSandboxSetup(db: Db, id: string, now: Date): Promise<PaymentSetupRow | null> {
  const setup = await getSetup(db, id);
  if (!setup || setup.provider !== 'sandbox' || !setup.providerRef) return null;
  if (setup.state !== 'pending' && setup.state !== 'confirming') return null;
  return setup.expiresAt.getTime() > now.getTime() ? setup : null;
}

export async function saveSandboxCard(
  db: Db,
  card: TestCard,
  expiry: { expMonth: number; expYear: number },
): Promise<SandboxCardRow> {
  const [row] = await db
    .insert(sandboxCards)
    .values({
      id: `sbx_card_${randomToken(12)}`,
      brand: card.brand,
      last4: card.number.slice(-4),
      behaviour: card.behaviour,
      ...expiry,
    })
    .returning();
  if (!row) throw new Error('sandbox card insert returned nothing');
  return row;
}

export async function getSandboxCard(db: Db, id: string): Promise<SandboxCardRow | null> {
  const [row] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, id)).limit(1);
  return row ?? null;
}

/** The card waits for its extra confirmation step. */
export async function markConfirming(db: Db, setupId: string, cardId: string): Promise<void> {
  await db
    .update(paymentSetups)
    .set({ state: 'confirming', pendingRef: cardId })
    .where(eq(paymentSetups.id, setupId));
}
