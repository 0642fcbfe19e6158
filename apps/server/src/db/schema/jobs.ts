import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './accounts.ts';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Durable background jobs (conversion, e-mail, sealing, housekeeping), shared by every worker process.
 * A worker claims due rows with `FOR UPDATE SKIP LOCKED` and holds them for a lease; a job whose lease
 * ran out (its worker died) is claimed again. See services/jobs/.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** Runs started so far (a claim counts as a start). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Not claimed before this time (backoff, scheduling). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** At most one queued or running job per key (periodic jobs, "convert this document once"). */
    dedupeKey: text('dedupe_key'),
    /**
     * Whose work this is (an organization id; null for the system's own jobs). Claims take turns between
     * tenants, so one tenant's backlog cannot keep another's jobs waiting (see store.ts claimJobs).
     */
    tenant: text('tenant'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`status = 'queued'`),
    index('jobs_running_idx')
      .on(t.lockedAt)
      .where(sql`status = 'running'`),
    uniqueIndex('jobs_dedupe_idx')
      .on(t.dedupeKey)
      .where(sql`status in ('queued', 'running')`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`status in ('done', 'failed')`),
  ],
);
