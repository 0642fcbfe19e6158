import { SIGNING_IDLE_MS, SIGNING_TIME_LIMIT_MS } from '@sinetti/contract';
import { and, eq, gt, isNull, lte, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingSessions } from '../../db/schema/index.ts';
import { lastSeen, type SessionRow } from '../../queries/signing/signees.ts';
import type { OpenBuiltInSession } from '../../services/signing-providers/index.ts';
import { appendSigningEvent, systemActor } from './audit-chain.ts';
import { newSecret } from './common.ts';

/**
 * Opens the signee's 60-minute session in the built-in signing page, or resumes the one still open:
 * a resumed session keeps its end time and code state, gets a new token (the old URL stops working)
 * and must confirm a code (or identify with the eID) again, so a copied link alone never reaches a confirmed
 * or identified session.
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
      .set({
        tokenHash: secret.hash,
        lang: request.lang,
        codeVerifiedAt: null,
        identifiedAt: null,
        identity: null,
        lastSeenAt: request.now,
      })
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
    lastSeenAt: request.now,
    expiresAt,
  });
  return { sessionToken: secret.token, expiresAt };
};

type Round = { id: string; documentId: string; organizationId: string };

/**
 * Ends the round's open sessions that `which` selects, with `reason`, and records each in the audit
 * trail as `event` with what `data` says of it.
 */
async function endSessionsWhere(
  tx: DbOrTx,
  process: Round,
  now: Date,
  which: SQL | undefined,
  end: { reason: 'expired' | 'idle'; event: 'session-expired' | 'session-idle' },
  data: (s: SessionRow) => Record<string, unknown>,
): Promise<SessionRow[]> {
  const ended = await tx
    .update(signingSessions)
    .set({ endedAt: now, endReason: end.reason })
    .where(and(eq(signingSessions.processId, process.id), isNull(signingSessions.endedAt), which))
    .returning();
  for (const s of ended) {
    await appendSigningEvent(tx, {
      organizationId: process.organizationId,
      documentId: process.documentId,
      processId: process.id,
      signeeId: s.signeeId,
      type: end.event,
      at: now,
      actor: systemActor,
      data: data(s),
    });
  }
  return ended;
}

/**
 * Ends the round's sessions whose 60 minutes have passed (releasing the lock they held) and records
 * each in the audit trail.
 */
export async function endExpiredSessions(tx: DbOrTx, process: Round, now: Date): Promise<SessionRow[]> {
  return endSessionsWhere(
    tx,
    process,
    now,
    lte(signingSessions.expiresAt, now),
    { reason: 'expired', event: 'session-expired' },
    (s) => ({ startedAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString() }),
  );
}

/**
 * Ends the sessions of other signees that have been idle (not seen for SIGNING_IDLE_MS) when a signee takes
 * the round over: only one signee signs at a time, so an idle holder who comes back starts again
 * (409 SIGNING_SESSION_IDLE). Recorded in the audit trail as `session-idle`.
 */
export async function endIdleSessions(tx: DbOrTx, process: Round, takenBy: string, now: Date): Promise<void> {
  await endSessionsWhere(
    tx,
    process,
    now,
    and(ne(signingSessions.signeeId, takenBy), lte(lastSeen, new Date(now.getTime() - SIGNING_IDLE_MS))),
    { reason: 'idle', event: 'session-idle' },
    (s) => ({ lastSeenAt: (s.lastSeenAt ?? s.createdAt).toISOString(), takenBy }),
  );
}
