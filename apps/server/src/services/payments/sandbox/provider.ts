import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxCards } from '../../../db/schema/index.ts';
import { randomToken } from '../../../lib/crypto.ts';
import type { PaymentProvider } from '../types.ts';

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
      if (!card)
        return { outcome: 'declined', providerRef, message: 'TEST MODE: this sandbox card is unknown.' };
      if (card.behaviour === 'decline') {
        return {
          outcome: 'declined',
          providerRef,
          message: 'TEST MODE: the card was declined (test card 4000 0000 0000 0002). Nothing was charged.',
        };
      }
      return { outcome: 'succeeded', providerRef };
    },
    async checkSetup() {
      return null;
    },
  };
}
