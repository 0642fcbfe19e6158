import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

/** Sessions are touched at most this often, so that a burst of calls does not write on every one. */
export const TOUCH_INTERVAL_MS = 30_000;

/** The touches this process has under way, by session id. */
const touching = new Map<string, Promise<Date>>();

/**
 * Records a session's use (`last_used_at`, which its idle expiry counts from) once it was last recorded more
 * than TOUCH_INTERVAL_MS before `now`. Calls of one session that arrive together when it is due share this
 * process's one update instead of each writing the row (they queued on its lock, each waiting for a commit's
 * flush and holding a pooled connection); and the update changes the row only if no other process has touched
 * it since, so a call that waited for another's lock writes nothing. Answers the session's last use as
 * recorded now (`now` when it was due, else `lastUsedAt`).
 */
export function touchSession(db: Db, sessionId: string, lastUsedAt: Date, now: Date): Promise<Date> {
  if (now.getTime() - lastUsedAt.getTime() <= TOUCH_INTERVAL_MS) return Promise.resolve(lastUsedAt);
  const under = touching.get(sessionId);
  if (under) return under;
  const due = new Date(now.getTime() - TOUCH_INTERVAL_MS);
  const touch = db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, due)))
    .then(() => now)
    .finally(() => touching.delete(sessionId));
  touching.set(sessionId, touch);
  return touch;
}
