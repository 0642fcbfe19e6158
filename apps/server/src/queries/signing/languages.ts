import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingSessions } from '../../db/schema/index.ts';

export type SigneeLanguage = 'en' | 'fi';

/**
 * The language each signee of a round last chose, from their newest signing session (the page they
 * signed in, the code e-mail they got). Signees without a session read the round's e-mails in its
 * language: the caller falls back to `process.lang`.
 */
export async function signeeLanguages(db: DbOrTx, processId: string): Promise<Map<string, SigneeLanguage>> {
  const rows = await db
    .select({ signeeId: signingSessions.signeeId, lang: signingSessions.lang })
    .from(signingSessions)
    .where(eq(signingSessions.processId, processId))
    .orderBy(asc(signingSessions.createdAt), asc(signingSessions.id));
  return new Map(rows.map((r) => [r.signeeId, r.lang]));
}
