import { SIGNING_IDLE_MS, SIGNING_TIME_LIMIT_MS, type ErrorReason } from '@sinetti/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findBySessionToken, type SessionTarget } from '../../queries/signing/links.ts';
import type { SessionRow } from '../../queries/signing/signees.ts';
import { appendSigningEvent, systemActor } from './audit-chain.ts';
import { pastExpiry, roundExpiredError } from './expiry.ts';

const minutes = SIGNING_TIME_LIMIT_MS / 60_000;
const EXPIRED = `Your ${minutes} minutes for signing have run out. Start again from your signing link.`;

const ENDED: Record<NonNullable<SessionRow['endReason']>, [string, ErrorReason]> = {
  signed: ['You have signed this document.', 'ALREADY_SIGNED'],
  expired: [EXPIRED, 'SIGNING_SESSION_EXPIRED'],
  cancelled: ['The sender has cancelled the signing of this document.', 'SIGNING_CANCELLED'],
  replaced: [
    'This signing session was replaced by a newer one. Start again from your signing link.',
    'SIGNING_SESSION_REPLACED',
  ],
  declined: ['A signee has declined to sign this document; the signing has ended.', 'SIGNING_DECLINED'],
  idle: [
    'You were away for a while and another signee started signing. Start again from your signing link once they have finished.',
    'SIGNING_SESSION_IDLE',
  ],
};

/** The 409 for a session that has ended, with the reason the signing page translates. */
function ended(reason: NonNullable<SessionRow['endReason']>): AppError {
  const [message, why] = ENDED[reason];
  return new AppError('CONFLICT', message).because(why);
}

const expired = () => new AppError('CONFLICT', EXPIRED).because('SIGNING_SESSION_EXPIRED');

/**
 * The signing session behind a token, open and within its 60 minutes: unknown → 404; ended, cancelled
 * or expired → 409. An expired session is ended here (committed before the error), which releases the
 * lock it held on the round. Every call counts as a sign of life (`last_seen_at`, see openSessionsOf).
 */
export async function liveSession(ctx: AppContext, token: string): Promise<SessionTarget> {
  const target = await findBySessionToken(ctx.db, token);
  if (!target) {
    throw new AppError(
      'NOT_FOUND',
      'This signing session does not exist or was replaced. Start again from your signing link.',
    ).because('SIGNING_LINK_INVALID');
  }
  const { session, process } = target;
  if (session.endReason) throw ended(session.endReason);
  if (process.state === 'cancelled') throw ended(process.declinedAt ? 'declined' : 'cancelled');
  const now = ctx.clock.now();
  if (pastExpiry(process, now)) throw roundExpiredError();
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
    throw expired();
  }
  await seen(ctx, session.id, now);
  return target;
}

const seen = (ctx: AppContext, id: string, at: Date) =>
  ctx.db
    .update(signingSessions)
    .set({ lastSeenAt: at })
    .where(and(eq(signingSessions.id, id), isNull(signingSessions.endedAt)));

/**
 * The signing page was closed or left (a keepalive call on pagehide): the session stops holding the round
 * at once, as if idle, so others may start; it stays open, and its next call (a reload) holds it again
 * unless another signee has started meanwhile.
 */
export async function leaveSession(ctx: AppContext, token: string): Promise<void> {
  const { session } = await liveSession(ctx, token);
  await seen(ctx, session.id, new Date(ctx.clock.now().getTime() - SIGNING_IDLE_MS));
}

/** Locks the session row for the rest of the transaction; it must still be open and within its time. */
export async function lockSession(tx: DbOrTx, id: string, now: Date): Promise<SessionRow> {
  const [row] = await tx
    .select()
    .from(signingSessions)
    .where(eq(signingSessions.id, id))
    .limit(1)
    .for('update');
  if (!row)
    throw new AppError('NOT_FOUND', 'This signing session does not exist.').because('SIGNING_LINK_INVALID');
  if (row.endReason) throw ended(row.endReason);
  if (row.expiresAt.getTime() <= now.getTime()) throw expired();
  return row;
}
