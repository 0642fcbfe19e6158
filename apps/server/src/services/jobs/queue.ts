import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';

export interface EnqueueOptions {
  /** When the job becomes due; pass `ctx.clock.now()` to run it as soon as possible. */
  runAt: Date;
  maxAttempts?: number;
  /** At most one queued or running job per key: a second enqueue with the same key is a no-op. */
  dedupeKey?: string;
  /** Whose work this is (the organization's id): claims take turns between tenants. Omit for system jobs. */
  tenant?: string;
}

const listeners = new Set<() => void>();

/** In-process workers listen so that a new job starts without waiting for the next poll. */
export function onJobEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Adds a job. Pass the transaction that makes the change the job follows from (outbox style): the job
 * exists exactly when that change is committed. Returns the job id, or null when `dedupeKey` matched a
 * job that is already queued or running.
 */
export async function enqueueJob(
  tx: DbOrTx,
  kind: string,
  payload: Record<string, unknown>,
  opts: EnqueueOptions,
): Promise<string | null> {
  const rows = await tx
    .insert(jobs)
    .values({
      kind,
      payload,
      runAt: opts.runAt,
      maxAttempts: opts.maxAttempts ?? 5,
      dedupeKey: opts.dedupeKey ?? null,
      tenant: opts.tenant ?? null,
    })
    .onConflictDoNothing({
      target: jobs.dedupeKey,
      where: sql`status in ('queued', 'running')`,
    })
    .returning({ id: jobs.id });
  const id = rows[0]?.id ?? null;
  if (id) setTimeout(() => listeners.forEach((l) => l()), 20).unref();
  return id;
}

const KEYS_PER_JOB = 500;

/**
 * Queues `{ keys }` jobs of `kind` for the distinct non-empty `keys`, at most 500 keys per job (blob
 * deletions). Nothing is queued for no keys.
 */
export async function enqueueKeyJobs(
  tx: DbOrTx,
  kind: string,
  keys: (string | null | undefined)[],
  opts: EnqueueOptions,
): Promise<void> {
  const distinct = [...new Set(keys.filter((k): k is string => !!k))];
  for (let i = 0; i < distinct.length; i += KEYS_PER_JOB) {
    await enqueueJob(tx, kind, { keys: distinct.slice(i, i + KEYS_PER_JOB) }, opts);
  }
}
