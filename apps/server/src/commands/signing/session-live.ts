import { SIGNING_TIME_LIMIT_MS } from '@sinetti/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findBySessionToken, type SessionTarget } from '../../queries/signing/links.ts';
import type { SessionRow } from '../../queries/signing/signees.ts';
import { appendSigningEvent, systemActor } from './audit-chain.ts';

const minutes = SIGNING_TIME_LIMIT_MS / 60_000;
const EXPIRED = `Your ${minutes} minutes for signing have run out. Start again from your signing link.`;

const ENDED: Record<NonNullable<SessionRow['endReason']>, string> = {
  signed: 'You have signed this document.',
  expired: EXPIRED,
  cancelled: 'The sender has cancelled the signing of this document.',
  replaced: 'This signing session was replaced by a newer one. Start again from your signing link.',
};

/**
 * The signing session behind a token, open and within its 60 minutes: unknown → 404; ended, cancelled
 * or expired → 409. An expired session is ended here (committed before the error), which releases the
 * lock it held on the round.
 */
export async function liveSession(ctx: AppContext, token: string): Promise<SessionTarget> {
  const target = await findBySessionToken(ctx.db, token);
  if (!target) {
    throw new AppError(
      'NOT_FOUND',
      'This signing session does not exist or was replaced. Start again from your signing link.',
    );
  }
  const { session, process } = target;
  if (session.endReason) throw new AppError('CONFLICT', ENDED[session.endReason]);
  if (process.state === 'cancelled') throw new AppError('CONFLICT', ENDED.cancelled);
  const now = ctx.clock.now();
  if (session.expiresAt.getTime() <= now.getTime()) {
    await ctx.db.transaction(async (tx) => {
      const ended = await tx
        .update(signingSessions)
        .set({ endedAt: now, endReason: 'expired' })
        .where(and(eq(signingSessions.id, session.id), isNull(signingSessions.endedAt)))
        .returning({ id: signingSessions.id });
      if (ended.length === 0) return;
      await appendSigningEvent(tx, {
        organizationId: process.organizationId,
        documentId: process.documentId,
        processId: process.id,
        signeeId: session.signeeId,
        type: 'session-expired',
        at: now,
        actor: systemActor,
        data: { startedAt: session.createdAt.toISOString(), expiresAt: session.expiresAt.toISOString() },
      });
    });
    throw new AppError('CONFLICT', EXPIRED);
  }
  return target;
}

/** Locks the session row for the rest of the transaction; it must still be open and within its time. */
export async function lockSession(tx: DbOrTx, id: string, now: Date): Promise<SessionRow> {
  const [row] = await tx
    .select()
    .from(signingSessions)
    .where(eq(signingSessions.id, id))
    .limit(1)
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'This signing session does not exist.');
  if (row.endReason) throw new AppError('CONFLICT', ENDED[row.endReason]);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', EXPIRED);
  return row;
}
