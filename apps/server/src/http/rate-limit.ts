import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';

export interface RateLimit {
  /** Bucket name, e.g. 'sign-in'. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Adds `by` to the fixed-window counter `key` (a new window starts when the last one has ended) and
 * returns the count and the window's end. Inside a transaction the row stays locked until commit, and
 * a rollback takes the hits back.
 */
export async function bumpCounter(
  db: DbOrTx,
  clock: Clock,
  key: string,
  windowMs: number,
  by = 1,
): Promise<{ count: number; resetAt: Date }> {
  const now = clock.now().toISOString();
  const resetAt = new Date(clock.now().getTime() + windowMs).toISOString();
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, ${by}, ${resetAt})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= ${now} then ${by} else rate_limits.count + ${by} end,
      reset_at = case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  const row = (result as unknown as { rows: { count: number; reset_at: string | Date }[] }).rows[0];
  return { count: Number(row?.count ?? by), resetAt: new Date(row?.reset_at ?? resetAt) };
}

/** Whole seconds from now until `at`, at least 1 (for Retry-After). */
export function secondsUntil(clock: Clock, at: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - clock.now().getTime()) / 1000));
}

/**
 * Fixed-window counter kept in the database, so that every API process shares it.
 * Throws 429 RATE_LIMITED with Retry-After once `max` is passed within the window.
 */
export async function hitRateLimit(db: Db, clock: Clock, limit: RateLimit, who: string): Promise<void> {
  const { count, resetAt } = await bumpCounter(db, clock, `${limit.name}:${who}`, limit.windowMs);
  if (count > limit.max) {
    throw new AppError('RATE_LIMITED', 'Too many attempts. Try again shortly.', undefined, {
      'retry-after': String(secondsUntil(clock, resetAt)),
    });
  }
}

/** Removes windows that ended long ago (called by housekeeping). */
export async function pruneRateLimits(db: Db, clock: Clock): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where reset_at < ${new Date(clock.now().getTime() - 3_600_000).toISOString()}`,
  );
}
