import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxCards, sandboxCharges } from '../../../db/schema/index.ts';
import { randomToken } from '../../../lib/crypto.ts';
import type { ChargeResult, PaymentProvider } from '../types.ts';

/** Where the sandbox's own pages live (server-rendered, no script). */
export const SANDBOX_PATH = '/sandbox-pay';

export function sandboxSetupRef(setupId: string): string {
  return `sbx_setup_${setupId}`;
}

/**
 * The built-in test-mode provider: its card page accepts only the documented test cards and no money
 * moves. Cards it saved live in `sandbox_cards`; a charge follows the card's documented behaviour.
 */
export function createSandboxProvider(db: Db, publicUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    testMode: true,
    async startSetup(input) {
      return {
        redirectUrl: `${publicUrl}${SANDBOX_PATH}/setup/${input.setupId}`,
        providerRef: sandboxSetupRef(input.setupId),
        customerRef: input.customerRef ?? `sbx_cus_${randomToken(12)}`,
      };
    },
    async charge(input) {
      const [card] = await db
        .select()
        .from(sandboxCards)
        .where(eq(sandboxCards.id, input.methodRef))
        .limit(1);
      const providerRef = `sbx_pay_${randomToken(12)}`;
      const declined = !card || card.behaviour === 'decline';
      const message = !card
        ? 'TEST MODE: this sandbox card is unknown.'
        : 'TEST MODE: the card was declined (test card 4000 0000 0000 0002). Nothing was charged.';
      // One charge per payment id: a repeated call answers the first result, like an idempotency key.
      await db
        .insert(sandboxCharges)
        .values({
          paymentId: input.paymentId,
          providerRef,
          outcome: declined ? 'declined' : 'succeeded',
          message: declined ? message : null,
        })
        .onConflictDoNothing();
      const recorded = await findSandboxCharge(db, input.paymentId);
      if (!recorded) throw new Error('The sandbox charge was not recorded.');
      return recorded;
    },
    async findCharge(lookup) {
      return findSandboxCharge(db, lookup.paymentId);
    },
    async checkSetup() {
      return null;
    },
  };
}

async function findSandboxCharge(db: Db, paymentId: string): Promise<ChargeResult | null> {
  const [row] = await db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.paymentId, paymentId))
    .limit(1);
  if (!row) return null;
  if (row.outcome === 'succeeded') return { outcome: 'succeeded', providerRef: row.providerRef };
  return { outcome: 'declined', providerRef: row.providerRef, message: row.message ?? 'Declined.' };
}
