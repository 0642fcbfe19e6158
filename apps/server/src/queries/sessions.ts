import { SESSION_TTL_MS } from '@sinetti/contract';
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

/** A session row by id (one the caller has already resolved from its token), or null. */
export async function findSession(db: DbOrTx, id: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row ?? null;
}

/** The account's sessions that are neither ended nor expired (idle for more than 2 hours), newest use first. */
export async function listActiveSessions(db: DbOrTx, accountId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.endedAt),
        // Sessions opened with an API key belong to the key (Settings → API keys), not to the person.
        isNull(sessions.apiKeyId),
        gte(sessions.lastUsedAt, new Date(now.getTime() - SESSION_TTL_MS)),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt), sessions.id);
}
