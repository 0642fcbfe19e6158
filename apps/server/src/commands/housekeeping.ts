import { SESSION_TTL_MS } from '@sinetti/contract';
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { pruneRateLimits } from '../http/rate-limit.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobRegistry } from '../services/jobs/index.ts';

export const HOUSEKEEPING_JOB = 'housekeeping.prune';

/** Once an hour: counters of ended rate-limit windows, sessions ended or idle long ago. */
export const HOUSEKEEPING_INTERVAL_MS = 3600_000;

/** Ended and expired sessions are kept this long (for questions about recent sign-ins), then deleted. */
export const SESSION_RETENTION_MS = 30 * 24 * 3600_000;

/**
 * Deletes sessions that ended, or stopped being valid (2 hours idle), more than the retention ago.
 * Neither kind is listed or accepted any more; the rows only grow the table.
 */
export async function pruneSessions(db: Db, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - SESSION_RETENTION_MS);
  const idleCutoff = new Date(cutoff.getTime() - SESSION_TTL_MS);
  const removed = await db
    .delete(sessions)
    .where(
      or(and(isNotNull(sessions.endedAt), lt(sessions.endedAt, cutoff)), lt(sessions.lastUsedAt, idleCutoff)),
    )
    .returning({ id: sessions.id });
  return removed.length;
}

export function registerHousekeepingJobs(registry: JobRegistry): void {
  registry.registerPeriodic(HOUSEKEEPING_JOB, HOUSEKEEPING_INTERVAL_MS, async (_job, c) => {
    await pruneRateLimits(c.db, c.clock);
    const removed = await pruneSessions(c.db, c.clock);
    if (removed > 0) c.log.info({ removed }, 'housekeeping: pruned old sessions');
  });
}
