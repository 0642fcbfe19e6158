import { and, eq, isNull } from 'drizzle-orm';
import { signingProcesses, signingSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findDocument } from '../../queries/documents/get-document.ts';
import { findByLink, findBySessionToken } from '../../queries/signing/links.ts';
import { systemAccess } from '../../policies/system.ts';
import { findSignee, lockProcess, type ProcessRow } from '../../queries/signing/signees.ts';
import { enqueueJob } from '../../services/jobs/index.ts';
import { reserveMailQuota } from '../../services/mail/limits.ts';
import { appendSigningEvent } from './audit-chain.ts';
import { SIGNING_JOBS, fullNameOf, signeeActor, type ClientInfo } from './common.ts';
import { endRoundWithRefund } from './end-round.ts';
import { mailAndRecord, senderRecipient } from './round-mail.ts';
import { notifySender } from '../notifications/notify.ts';

/** The token a signee declines with: their link, or the signing page's session. */
export type DeclineToken = { kind: 'link' | 'session'; token: string };

const invalid = () =>
  new AppError('NOT_FOUND', 'This signing link is no longer valid.').because('SIGNING_LINK_INVALID');

export const declinedError = () =>
  new AppError('CONFLICT', 'A signee has declined to sign this document; the signing has ended.').because(
    'SIGNING_DECLINED',
  );

/** Who a token speaks for: a stale (replaced) session token speaks for no one. */
async function declinerOf(ctx: AppContext, from: DeclineToken) {
  if (from.kind === 'link') {
    const target = await findByLink(ctx.db, from.token);
    return target ? { signeeId: target.signee.id, process: target.process, document: target.document } : null;
  }
  const target = await findBySessionToken(ctx.db, from.token);
  if (!target || target.session.endReason === 'replaced') return null;
  return { signeeId: target.signee.id, process: target.process, document: target.document };
}

/** Why a round can no longer be declined (409), or nothing. */
function refusal(process: ProcessRow): AppError | null {
  if (process.declinedAt) return declinedError();
  if (process.state === 'cancelled') {
    return new AppError('CONFLICT', 'The sender has cancelled the signing of this document.').because(
      'SIGNING_CANCELLED',
    );
  }
  if (process.state !== 'signing') {
    return new AppError('CONFLICT', 'Everyone has signed this document.').because('SIGNING_COMPLETE');
  }
  return null;
}

/**
 * A signee declines to sign, with a reason: the round ends as on cancel (endRoundWithRefund: Draft, sessions
 * ended, unused charges refunded), records who declined and why, the audit trail gets `declined`, and the
 * sender is e-mailed in their language. Under the document and round locks (the order cancel uses), so a
 * decline racing a signature or a cancel sees the other's result: exactly one of them wins.
 */
export async function declineSigning(
  ctx: AppContext,
  from: DeclineToken,
  reason: string,
  client: ClientInfo,
): Promise<void> {
  const known = await declinerOf(ctx, from);
  if (!known) throw invalid();
  await ctx.db.transaction(async (tx) => {
    const doc = await findDocument(tx, known.process.documentId, 'update');
    const process = await lockProcess(tx, known.process.id);
    const signee = await findSignee(tx, systemAccess('signing-token', known.document), known.signeeId);
    if (!doc || !process || !signee) throw invalid();
    const refused = refusal(process);
    if (refused) throw refused;
    if (signee.status === 'signed') {
      throw new AppError('CONFLICT', 'You have already signed this document.').because('ALREADY_SIGNED');
    }
    const now = ctx.clock.now();
    await tx
      .update(signingProcesses)
      .set({ declinedBy: signee.id, declinedAt: now, declineReason: reason })
      .where(eq(signingProcesses.id, process.id));
    await tx
      .update(signingSessions)
      .set({ endedAt: now, endReason: 'declined' })
      .where(and(eq(signingSessions.processId, process.id), isNull(signingSessions.endedAt)));
    const ended = await endRoundWithRefund(tx, {
      documentId: doc.id,
      organizationId: doc.organizationId,
      process,
      now,
      audit: { accountId: null, ip: client.ip, userAgent: client.userAgent },
    });
    const base = { organizationId: doc.organizationId, documentId: doc.id, processId: process.id, at: now };
    await appendSigningEvent(tx, {
      ...base,
      signeeId: signee.id,
      type: 'declined',
      actor: signeeActor(signee, client),
      data: {
        round: process.round,
        reason,
        signaturesDiscarded: ended.signaturesDiscarded,
        refunded: ended.refunded,
        refundedSignees: ended.refundedSignees,
        refundWithheld: ended.refundWithheld,
      },
    });
    const email = await notifySender(
      tx,
      now,
      process,
      'signee-declined',
      { name: fullNameOf(signee), email: signee.email },
      { ownMail: true },
    );
    // The sender's settings decide: this e-mail now, a line in their digest, or nothing.
    const sender = email === 'mail' ? await senderRecipient(tx, process) : null;
    if (sender) {
      // Counted, never refused: the round has ended and its sender must hear why (once per round).
      await reserveMailQuota(tx, ctx.clock, ctx.config.mail, {
        organizationId: doc.organizationId,
        recipients: [sender.email],
        enforce: false,
      });
      await mailAndRecord(tx, ctx.clock, base, sender, 'signing-declined', {
        documentName: doc.name,
        signeeName: fullNameOf(signee),
        reason,
      });
    }
    const keys = [...new Set([process.versionKey, process.currentKey])];
    await enqueueJob(tx, SIGNING_JOBS.deleteBlobs, { keys }, { runAt: now, tenant: doc.organizationId });
  });
}
