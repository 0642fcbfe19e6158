import type { WizardState } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, type WizardData } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { conflict } from '../lib/errors.ts';
import { normalizeWizard, presentWizard } from './wizard.ts';

const ALREADY_COMPLETE = 'Setup is already complete.';

/** The account's wizard state; CONFLICT once setup is complete. */
export async function readWizard(db: Db, accountId: string): Promise<WizardState> {
  const [row] = await db
    .select({ wizard: accounts.wizard, setupComplete: accounts.setupComplete })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new Error(`account ${accountId} not found`);
  if (row.setupComplete) throw conflict(ALREADY_COMPLETE).because('SETUP_COMPLETE');
  return presentWizard(normalizeWizard(row.wizard), false);
}

/**
 * Applies one wizard step function to the stored state with the account row locked, so that two
 * tabs cannot interleave; CONFLICT once setup is complete.
 */
export async function updateWizard(
  db: Db,
  clock: Clock,
  accountId: string,
  change: (w: WizardData) => WizardData,
): Promise<WizardState> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ wizard: accounts.wizard, setupComplete: accounts.setupComplete })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!row) throw new Error(`account ${accountId} not found`);
    if (row.setupComplete) throw conflict(ALREADY_COMPLETE).because('SETUP_COMPLETE');
    const next = change(normalizeWizard(row.wizard));
    await tx.update(accounts).set({ wizard: next, updatedAt: clock.now() }).where(eq(accounts.id, accountId));
    return presentWizard(next, false);
  });
}
