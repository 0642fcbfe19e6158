import { SESSION_TTL_MS } from '@sinetti/contract';
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { pruneRateLimits } from '../http/rate-limit.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobRegistry } from '../services/jobs/index.ts';

export const HOUSEKEEPING_JOB = 'housekeeping.prune';

/**
 * Once an hour: counters of ended rate-limit windows, sessions ended or idle long ago, and the writers'
 * shards of the dashboard counts of days before yesterday.
 */
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

/**
 * Folds the dashboard counts' shards (one per writing backend) of the UTC days before `before` into one row
 * per key and drops rows that count nothing (docs/decisions.md "Dashboard counts"); no count changes.
 * Answers how many rows it folded into.
 */
export async function compactDocumentCounts(db: Db, before: Date): Promise<number> {
  const day = before.toISOString().slice(0, 10);
  const result = await db.execute(sql`select document_counts_compact(${day}::date) as folded`);
  return Number((result as unknown as { rows: { folded: number }[] }).rows[0]?.folded ?? 0);
}

export function registerHousekeepingJobs(registry: JobRegistry): void {
  registry.registerPeriodic(HOUSEKEEPING_JOB, HOUSEKEEPING_INTERVAL_MS, async (_job, c) => {
    await pruneRateLimits(c.db, c.clock);
    const removed = await pruneSessions(c.db, c.clock);
    if (removed > 0) c.log.info({ removed }, 'housekeeping: pruned old sessions');
    await compactDocumentCounts(c.db, new Date(c.clock.now().getTime() - 24 * 3600_000));
  });
}
