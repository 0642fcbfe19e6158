import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

/** Sessions are touched at most this often, so that a burst of calls does not write on every one. */
export const TOUCH_INTERVAL_MS = 30_000;

/**
 * The touches this process has under way, by what they touch (`session:<id>`, `api-key:<id>`), with the use
 * each records.
 */
const touching = new Map<string, { touch: Promise<void>; at: Date }>();

/**
 * Records a last use (a session's, an API key's) at `at` beside the call that made it, not holding it: the
 * update's commit waits for the write-ahead log's flush, which a checkpoint can stretch to hundreds of
 * milliseconds, and every call that found the row due waited for it (issue #32: the pause every run of the
 * million-document bench had at the same point). Calls that find it due together share this process's one
 * update (`key`); the update itself should change the row only if no other process has since. A touch that
 * fails is logged, and the next call that finds the row due tries again.
 */
export function touchBeside(
  key: string,
  at: Date,
  log: FastifyBaseLogger,
  write: () => PromiseLike<unknown>,
): void {
  if (touching.has(key)) return;
  const touch = Promise.resolve()
    .then(write)
    .then(
      () => undefined,
      (err: unknown) => log.warn({ err, touched: key }, 'a last use could not be recorded'),
    )
    .finally(() => touching.delete(key));
  touching.set(key, { touch, at });
}

/**
 * Records a session's use (`last_used_at`, which its idle expiry counts from) once it was last recorded more
 * than TOUCH_INTERVAL_MS before `now`, beside the call (touchBeside). Answers the session's last use as recorded
 * now (`now` when it was due, else `lastUsedAt`).
 */
export function touchSession(
  db: Db,
  log: FastifyBaseLogger,
  sessionId: string,
  lastUsedAt: Date,
  now: Date,
): Date {
  if (now.getTime() - lastUsedAt.getTime() <= TOUCH_INTERVAL_MS) return lastUsedAt;
  const due = new Date(now.getTime() - TOUCH_INTERVAL_MS);
  touchBeside(`session:${sessionId}`, now, log, () =>
    db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, due))),
  );
  return now;
}

/**
 * The session's last use as this process knows it: `stored` (as read from its row), or later when a touch of
 * it is under way here. A call that reads the row before the previous call's touch is committed must not find
 * the session idle for longer than it is (at the edge of its expiry it would be refused).
 */
export function lastUseOf(sessionId: string, stored: Date): Date {
  const touched = touching.get(`session:${sessionId}`)?.at;
  return touched && touched > stored ? touched : stored;
}

/** Waits for the session's touch if one is under way (for a reply that shows its last use). */
export async function settleTouch(sessionId: string): Promise<void> {
  await touching.get(`session:${sessionId}`)?.touch;
}

/** Waits for the touches under way (before the database closes, and in tests that count them). */
export async function settleTouches(): Promise<void> {
  await Promise.all([...touching.values()].map((t) => t.touch));
}
