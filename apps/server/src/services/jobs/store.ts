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

/** Gives a job back without counting the attempt (the worker is stopping). */
export async function releaseJob(db: DbOrTx, job: JobRow, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt: now,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedAt: null,
      lockedBy: null,
      updatedAt: now,
    })
    .where(mine(job));
}

/** Removes finished jobs older than `before` (housekeeping). */
export async function pruneJobs(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)));
}
