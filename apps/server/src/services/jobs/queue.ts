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
