import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';

export interface RateLimit {
  /** Bucket name, e.g. 'sign-in'. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counter kept in the database, so that every API process shares it.
 * Throws 429 RATE_LIMITED with Retry-After once `max` is passed within the window.
 */
export async function hitRateLimit(db: Db, clock: Clock, limit: RateLimit, who: string): Promise<void> {
  const now = clock.now();
  const resetAt = new Date(now.getTime() + limit.windowMs);
  const key = `${limit.name}:${who}`;
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${resetAt.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= ${now.toISOString()} then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  const row = (result as unknown as { rows: { count: number; reset_at: string | Date }[] }).rows[0];
  if (row && row.count > limit.max) {
    const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000));
    throw new AppError('RATE_LIMITED', 'Too many attempts. Try again shortly.', undefined, {
      'retry-after': String(retryAfter),
    });
  }
}

/** Removes windows that ended long ago (called by housekeeping). */
export async function pruneRateLimits(db: Db, clock: Clock): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where reset_at < ${new Date(clock.now().getTime() - 3_600_000).toISOString()}`,
  );
}
