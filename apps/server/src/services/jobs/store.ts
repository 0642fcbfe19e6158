import { and, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { TenantCap } from './registry.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Claims up to `limit` due jobs of the given kinds for `workerId`: queued jobs whose time has come, and
 * running jobs whose lease ran out (their worker died). Rows another worker is claiming are skipped.
 *
 * Fair between tenants: a due job's turn is its place in its tenant's line (oldest first) plus the jobs
 * that tenant already has running, and jobs are claimed by turn, then age. So tenants take turns, and a
 * tenant with work in progress waits behind one without: one organization's backlog of a hundred
 * conversions cannot keep another's single document waiting behind all of it. System jobs (no tenant) are
 * one tenant of their own. With `capped`, a tenant's jobs of those kinds beyond `perTenant` running at once
 * (LibreOffice conversions) are not claimed at all: they stay queued instead of holding a worker slot.
 *
 * `FOR UPDATE SKIP LOCKED` may not share a query level with window functions, so the turns are computed in
 * CTEs without locks, and the outer select locks the chosen rows, re-checking that they are still due.
 */
export async function claimJobs(
  db: DbOrTx,
  opts: {
    kinds: string[];
    now: Date;
    leaseMs: number;
    workerId: string;
    limit: number;
    /** At most `perTenant` running jobs of `kinds` per tenant: the tenant's further ones are not claimed. */
    capped?: TenantCap | undefined;
  },
): Promise<JobRow[]> {
  if (opts.kinds.length === 0 || opts.limit < 1) return [];
  const leaseCutoff = new Date(opts.now.getTime() - opts.leaseMs);
  const isDue = (t: typeof jobs) =>
    and(
      inArray(t.kind, opts.kinds),
      or(
        and(eq(t.status, 'queued'), lte(t.runAt, opts.now)),
        and(eq(t.status, 'running'), lt(t.lockedAt, leaseCutoff)),
      ),
    );
  const cap = opts.capped && opts.capped.kinds.length > 0 ? opts.capped : undefined;
  const inCap = (t: typeof jobs) => (cap ? inArray(t.kind, cap.kinds) : sql`false`);
  const live = and(eq(jobs.status, 'running'), gte(jobs.lockedAt, leaseCutoff));
  const due = db.$with('due').as(
    db
      .select({
        id: jobs.id,
        tenant: jobs.tenant,
        runAt: jobs.runAt,
        capped: sql<boolean>`(${inCap(jobs)})`.as('capped'),
        // The job's place in its tenant's line of capped kinds (meaningful only when `capped`).
        capPlace: sql<number>`row_number() over (partition by ${jobs.tenant}, (${inCap(jobs)})
          order by ${jobs.runAt}, ${jobs.id})`.as('cap_place'),
      })
      .from(jobs)
      .where(isDue(jobs)),
  );
  const busy = db.$with('busy').as(
    db
      .select({
        tenant: jobs.tenant,
        running: sql<number>`count(*)`.as('running'),
        cappedRunning: sql<number>`count(*) filter (where ${inCap(jobs)})`.as('capped_running'),
      })
      .from(jobs)
      .where(live)
      .groupBy(jobs.tenant),
  );
  const turns = db.$with('turns').as(
    db
      .with(due, busy)
      .select({
        id: due.id,
        runAt: due.runAt,
        turn: sql<number>`row_number() over (partition by ${due.tenant} order by ${due.runAt}, ${due.id})
          + coalesce(${busy.running}, 0)`.as('turn'),
      })
      .from(due)
      .leftJoin(busy, sql`${busy.tenant} is not distinct from ${due.tenant}`)
      .where(
        cap
          ? sql`not ${due.capped} or ${due.tenant} is null
              or ${due.capPlace} + coalesce(${busy.cappedRunning}, 0) <= ${cap.perTenant}`
          : undefined,
      ),
  );
  const chosen = db
    .with(turns)
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(turns, eq(turns.id, jobs.id))
    .where(isDue(jobs))
    .orderBy(turns.turn, turns.runAt, jobs.id)
    .limit(opts.limit)
    .for('update', { of: jobs, skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      lockedAt: opts.now,
      lockedBy: opts.workerId,
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: opts.now,
    })
    .where(inArray(jobs.id, chosen))
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
