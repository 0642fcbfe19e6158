import { and, eq, ne } from 'drizzle-orm';
import { signatures, signees, signingProcesses, signingSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { pastExpiry, roundExpiredError } from './expiry.ts';
import type { DocumentAccess } from '../../policies/documents.ts';
import { findSignee, lockProcess, type ProcessRow, type SigneeRow } from '../../queries/signing/signees.ts';
import { enqueueJob } from '../../services/jobs/index.ts';
import { appendSigningEvent } from './audit-chain.ts';
import { SIGNING_JOBS, fullNameOf, signeeActor, type ClientInfo } from './common.ts';
import { lockSession } from './session-live.ts';
import type { SignatureImage, SignatureInput } from './signature-image.ts';
import type { SessionRow } from '../../queries/signing/signees.ts';
import { notifySender } from '../notifications/notify.ts';
import { listSignees } from '../../queries/signing/signees.ts';
import { mailNextGroup } from './order.ts';

/** A signature made on top of the working copy `baseKey`, stored as `stored`, about to be recorded. */
export interface MadeSignature {
  /** The document the signee's session token led to (a system grant: policies/system.ts). */
  document: DocumentAccess;
  processId: string;
  signeeId: string;
  sessionId: string;
  baseKey: string;
  stored: { key: string; sha256: string };
  signature: SignatureInput;
  image: SignatureImage | null;
  signedAt: Date;
  client: ClientInfo;
  /** What the audit event says beyond the signature itself: method, level, identification, certificate. */
  evidence: Record<string, unknown>;
  /** Re-checked under the session's row lock: the session may still sign (code confirmed, identified…). */
  mayStillSign(session: SessionRow): void;
}

/** The round and the signee, if the round can still take their signature (409 otherwise). */
export function signable(
  process: ProcessRow | null,
  signee: SigneeRow | null,
  now: Date,
): { process: ProcessRow; signee: SigneeRow & { slot: number } } {
  if (!process || process.state !== 'signing' || !signee) {
    throw new AppError('CONFLICT', 'This document can no longer be signed.').because('SIGNING_CANCELLED');
  }
  if (pastExpiry(process, now)) throw roundExpiredError();
  if (signee.status === 'signed') {
    throw new AppError('CONFLICT', 'You have already signed this document.').because('ALREADY_SIGNED');
  }
  if (signee.slot === null) throw new Error(`Signee ${signee.id} has no place on the signature page`);
  return { process, signee: { ...signee, slot: signee.slot } };
}

/**
 * Records a signature under the round's row lock: re-checks everything, then moves the working copy on,
 * stores the signature record, marks the signee signed, ends the session, appends the `signed` event and
 * tells the sender. The last signature hands the round to the seal job. Returns null (nothing written)
 * when another signature landed on the working copy meanwhile: the caller redoes or refuses its work.
 */
export async function commitSignature(
  ctx: AppContext,
  made: MadeSignature,
): Promise<{ redirect: string } | null> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const signedAt = made.signedAt;
    const locked = await lockProcess(tx, made.processId);
    const session = await lockSession(tx, made.sessionId, now);
    const { process, signee } = signable(locked, await findSignee(tx, made.document, made.signeeId), now);
    made.mayStillSign(session);
    if (process.currentKey !== made.baseKey) return null;
    const { signature, image, stored } = made;
    await tx
      .update(signingProcesses)
      .set({ currentKey: stored.key, currentSha256: stored.sha256 })
      .where(eq(signingProcesses.id, process.id));
    await tx.insert(signatures).values({
      processId: process.id,
      signeeId: signee.id,
      kind: signature.kind,
      image: signature.kind === 'drawn' ? signature.image : null,
      text: signature.kind === 'typed' ? signature.text : null,
      imageSha256: image?.sha256 ?? null,
      pdfSha256: stored.sha256,
      signedAt,
      ip: made.client.ip,
      userAgent: made.client.userAgent,
    });
    await tx
      .update(signees)
      .set({ status: 'signed', signedAt, updatedAt: now })
      .where(eq(signees.id, signee.id));
    await tx
      .update(signingSessions)
      .set({ endedAt: now, endReason: 'signed' })
      .where(eq(signingSessions.id, session.id));
    await appendSigningEvent(tx, {
      organizationId: process.organizationId,
      documentId: process.documentId,
      processId: process.id,
      signeeId: signee.id,
      type: 'signed',
      at: now,
      actor: signeeActor(signee, made.client),
      data: {
        ...made.evidence,
        signature:
          signature.kind === 'typed' ? { kind: 'typed', text: signature.text } : { kind: 'drawn', ...image },
        intent: true,
        before: process.currentSha256,
        after: stored.sha256,
      },
    });
    await notifySender(tx, now, process, 'signee-signed', { name: fullNameOf(signee), email: signee.email });
    const waiting = await tx
      .select({ id: signees.id })
      .from(signees)
      .where(and(eq(signees.documentId, process.documentId), ne(signees.status, 'signed')))
      .limit(1);
    if (waiting.length > 0) {
      // Signing order: the last signature of a group e-mails the next group, in this transaction.
      const list = await listSignees(tx, process.documentId);
      await mailNextGroup(tx, ctx, process, list, signee.signingGroup, now);
    }
    if (waiting.length === 0) {
      await tx.update(signingProcesses).set({ state: 'sealing' }).where(eq(signingProcesses.id, process.id));
      await enqueueJob(
        tx,
        SIGNING_JOBS.seal,
        { processId: process.id },
        {
          runAt: now,
          dedupeKey: `${SIGNING_JOBS.seal}:${process.id}`,
          maxAttempts: 8,
          tenant: process.organizationId,
        },
      );
    }
    if (process.currentKey !== process.versionKey) {
      await enqueueJob(
        tx,
        SIGNING_JOBS.deleteBlobs,
        { keys: [process.currentKey] },
        { runAt: now, tenant: process.organizationId },
      );
    }
    return { redirect: `/public/signing/success/${process.documentId}` };
  });
}
