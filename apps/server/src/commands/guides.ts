import {
  GUIDE_LAST_STEP,
  GUIDE_NAMES,
  GUIDE_STEPS,
  type GuideName,
  type GuideProgress,
  type GuideSetInput,
} from '@sinetti/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { guideProgress } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';

/** The account's progress in every guide; a guide never started is not complete, at step 0. */
export async function guideStates(db: Db, accountId: string): Promise<Record<GuideName, GuideProgress>> {
  const rows = await db
    .select({ name: guideProgress.name, complete: guideProgress.complete, step: guideProgress.step })
    .from(guideProgress)
    .where(eq(guideProgress.accountId, accountId));
  const progress = {} as Record<GuideName, GuideProgress>;
  for (const name of GUIDE_NAMES) {
    const row = rows.find((r) => r.name === name);
    progress[name] = { complete: row?.complete ?? false, step: row?.step ?? 0 };
  }
  return progress;
}

/**
 * Saves the account's progress in a guide. Progress only moves forward: a completed guide stays
 * complete (another tab's late "next" cannot reopen it) and the step reached never goes back; the steps
 * up to it are marked done. One row per account and guide, so the call costs the same however often it
 * is made.
 */
export async function setGuideProgress(
  db: Db,
  clock: Clock,
  accountId: string,
  input: GuideSetInput,
): Promise<void> {
  const step = input.complete ? GUIDE_LAST_STEP : (input.step ?? 0);
  const stepsDone = GUIDE_STEPS.slice(0, step + (input.complete ? 1 : 0));
  const now = clock.now();
  await db
    .insert(guideProgress)
    .values({
      accountId,
      name: input.name,
      complete: input.complete,
      step,
      stepsDone,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [guideProgress.accountId, guideProgress.name],
      set: {
        complete: sql`${guideProgress.complete} or excluded.complete`,
        step: sql`greatest(${guideProgress.step}, excluded.step)`,
        stepsDone: sql`case when excluded.step >= ${guideProgress.step} then excluded.steps_done else ${guideProgress.stepsDone} end`,
        updatedAt: now,
      },
    });
}
