import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Claims up to `limit` due jobs of the given kinds for `workerId`: queued jobs whose time has come, and
 * running jobs whose lease ran out (their worker died). Rows another worker is claiming are skipped.
 */
export async function claimJobs(
  db: DbOrTx,
  opts: { kinds: string[]; now: Date; leaseMs: number; workerId: string; limit: number },
): Promise<JobRow[]> {
  if (opts.kinds.length === 0 || opts.limit < 1) return [];
  const leaseCutoff = new Date(opts.now.getTime() - opts.leaseMs);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, opts.kinds),
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAt, opts.now)),
          and(eq(jobs.status, 'running'), lt(jobs.lockedAt, leaseCutoff)),
        ),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      lockedAt: opts.now,
      lockedBy: opts.workerId,
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: opts.now,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

const mine = (job: JobRow) =>
  and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, job.lockedBy ?? ''));

export async function completeJob(db: DbOrTx, job: JobRow, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', finishedAt: now, lockedAt: null, lockedBy: null, lastError: null, updatedAt: now })
    .where(mine(job));
}

export async function retryJob(db: DbOrTx, job: JobRow, now: Date, delayMs: number, error: string) {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt: new Date(now.getTime() + delayMs),
      lockedAt: null,
      lockedBy: null,
      lastError: error,
      updatedAt: now,
    })
    .where(mine(job));
}

export async function failJob(db: DbOrTx, job: JobRow, now: Date, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'failed',
      finishedAt: now,
      lockedAt: null,
      lockedBy: null,
      lastError: error,
      updatedAt: now,
    })
    .where(mine(job));
}

/**
 * Gives a job back without counting the attempt: the worker is stopping, or the database was unreachable
 * (not the job's fault). It runs again at `runAt` (default: now).
 */
export async function releaseJob(db: DbOrTx, job: JobRow, now: Date, runAt: Date = now): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedAt: null,
      lockedBy: null,
      updatedAt: now,
    })
    .where(mine(job));
}

/** Extends the lease of a running job; false when the job is no longer this worker's (lease lost). */
export async function renewLease(db: DbOrTx, job: JobRow, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedAt: now, updatedAt: now })
    .where(mine(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Puts running jobs whose worker is known to be dead (`isDead(lockedBy)`) back in the queue at once,
 * instead of letting them wait out their lease. The interrupted run stays counted as an attempt, so a job
 * that kills its process cannot loop forever. Returns the reclaimed jobs' ids.
 */
export async function reclaimJobs(
  db: DbOrTx,
  now: Date,
  isDead: (lockedBy: string) => boolean,
): Promise<string[]> {
  const held = await db
    .select({ id: jobs.id, lockedBy: jobs.lockedBy })
    .from(jobs)
    .where(eq(jobs.status, 'running'));
  const dead = held.filter((j) => j.lockedBy !== null && isDead(j.lockedBy));
  if (dead.length === 0) return [];
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt: now,
      lockedAt: null,
      lockedBy: null,
      lastError: 'Interrupted: its worker process stopped',
      updatedAt: now,
    })
    // Still held by the same dead owner: another worker may have taken an expired lease meanwhile.
    .where(
      and(
        inArray(
          jobs.id,
          dead.map((j) => j.id),
        ),
        eq(jobs.status, 'running'),
        inArray(jobs.lockedBy, [...new Set(dead.map((j) => j.lockedBy ?? ''))]),
      ),
    )
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/** Removes finished jobs older than `before` (housekeeping). */
export async function pruneJobs(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)));
}
