import { SIGNING_TIME_LIMIT_MS } from '@sinetti/contract';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingSessions } from '../../db/schema/index.ts';
import type { SessionRow } from '../../queries/signing/signees.ts';
import type { OpenBuiltInSession } from '../../services/signing-providers/index.ts';
import { appendSigningEvent, systemActor } from './audit-chain.ts';
import { newSecret } from './common.ts';

/**
 * Opens the signee's 60-minute session in the built-in signing page, or resumes the one still open:
 * a resumed session keeps its end time and code state, gets a new token (the old URL stops working)
 * and must confirm a code again, so a copied link alone never reaches a confirmed session.
 */
export const openBuiltInSession: OpenBuiltInSession = async (request, tx) => {
  const secret = newSecret();
  const [open] = await tx
    .select()
    .from(signingSessions)
    .where(
      and(
        eq(signingSessions.signeeId, request.signee.id),
        eq(signingSessions.processId, request.processId),
        isNull(signingSessions.endedAt),
        gt(signingSessions.expiresAt, request.now),
      ),
    )
    .limit(1);
  if (open) {
    await tx
      .update(signingSessions)
      .set({ tokenHash: secret.hash, lang: request.lang, codeVerifiedAt: null })
      .where(eq(signingSessions.id, open.id));
    return { sessionToken: secret.token, expiresAt: open.expiresAt };
  }
  const expiresAt = new Date(request.now.getTime() + SIGNING_TIME_LIMIT_MS);
  await tx.insert(signingSessions).values({
    tokenHash: secret.hash,
    signeeId: request.signee.id,
    processId: request.processId,
    lang: request.lang,
    createdAt: request.now,
    expiresAt,
  });
  return { sessionToken: secret.token, expiresAt };
};

/**
 * Ends the round's sessions whose 60 minutes have passed (releasing the lock they held) and records
 * each in the audit trail.
 */
export async function endExpiredSessions(
  tx: DbOrTx,
  process: { id: string; documentId: string; organizationId: string },
  now: Date,
): Promise<SessionRow[]> {
  const ended = await tx
    .update(signingSessions)
    .set({ endedAt: now, endReason: 'expired' })
    .where(
      and(
        eq(signingSessions.processId, process.id),
        isNull(signingSessions.endedAt),
        lte(signingSessions.expiresAt, now),
      ),
    )
    .returning();
  for (const s of ended) {
    await appendSigningEvent(tx, {
      organizationId: process.organizationId,
      documentId: process.documentId,
      processId: process.id,
      signeeId: s.signeeId,
      type: 'session-expired',
      at: now,
      actor: systemActor,
      data: { startedAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString() },
    });
  }
  return ended;
}
