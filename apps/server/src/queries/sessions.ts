import { SESSION_TTL_MS } from '@sinetti/contract';
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

/** The account's sessions that are neither ended nor expired (idle for more than 2 hours), newest use first. */
export async function listActiveSessions(db: DbOrTx, accountId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.endedAt),
        gte(sessions.lastUsedAt, new Date(now.getTime() - SESSION_TTL_MS)),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt), sessions.id);
}
