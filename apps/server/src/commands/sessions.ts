import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';

export interface NewSession {
  /** The secret handed to the client once; only its hash is stored. */
  token: string;
  row: typeof sessions.$inferSelect;
}

export async function createSession(
  db: DbOrTx,
  clock: Clock,
  input: {
    accountId: string;
    selectedOrganizationId: string | null;
    /** The API key the session acts as (login type API). */
    apiKeyId?: string | null;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<NewSession> {
  const token = randomToken(32);
  const now = clock.now();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: sha256Hex(token),
      accountId: input.accountId,
      selectedOrganizationId: input.selectedOrganizationId,
      apiKeyId: input.apiKeyId ?? null,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
      lastUsedAt: now,
    })
    .returning();
  if (!row) throw new Error('session insert returned nothing');
  return { token, row };
}

/** Ends one session of the account; false when it is not the account's or already ended. */
export async function endSession(
  db: DbOrTx,
  clock: Clock,
  accountId: string,
  sessionId: string,
): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: clock.now() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
