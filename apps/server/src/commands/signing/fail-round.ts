import type { AppContext } from '../../http/context.ts';
import { findDocument } from '../../queries/documents/get-document.ts';
import { findProcess, listSignees, lockProcess } from '../../queries/signing/signees.ts';
import { enqueueJob } from '../../services/jobs/index.ts';
import { PdfError } from '../../services/pdf/index.ts';
import { systemAudit } from '../audit.ts';
import { refundCharges } from '../billing/refund.ts';
import { appendSigningEvent, systemActor } from './audit-chain.ts';
import { closeRound } from './close-round.ts';
import { SIGNING_JOBS, chargeReference } from './common.ts';
import { pdfFailure } from './pdf-run.ts';
import { mailAndRecord, senderRecipient, signeeRecipients } from './round-mail.ts';

/** What makes a round fail for good: a PDF problem that the same file will have on every attempt. */
export const isPermanentPdfFailure = (err: unknown): err is PdfError =>
  err instanceof PdfError && err.problem !== 'PDF_TOO_COMPLEX';

type FailContext = Pick<AppContext, 'db' | 'clock' | 'log'>;

/**
 * Ends a round that can never finish (its PDF cannot take a signature or the seal): the round is
 * cancelled and the document back in Draft, open sessions end, every signee's charge is refunded (no
 * signature of a round that cannot complete is of use), everyone (signees and sender) is e-mailed and the
 * audit trail records `failed` with the reason. False when the round was no longer open.
 */
export async function failRound(c: FailContext, processId: string, problem: string): Promise<boolean> {
  const known = await findProcess(c.db, processId);
  if (!known) return false;
  return c.db.transaction(async (tx) => {
    const doc = await findDocument(tx, known.documentId, 'update');
    const process = await lockProcess(tx, processId);
    if (!doc || !process || (process.state !== 'signing' && process.state !== 'sealing')) return false;
    const now = c.clock.now();
    const list = await listSignees(tx, doc.id);
    const { signaturesDiscarded } = await closeRound(tx, { processId: process.id, documentId: doc.id }, now);
    const refund = await refundCharges(tx, {
      organizationId: doc.organizationId,
      references: list.map((s) => chargeReference(process.id, s.id)),
      now,
      audit: systemAudit,
    });
    const base = { organizationId: doc.organizationId, documentId: doc.id, processId: process.id, at: now };
    await appendSigningEvent(tx, {
      ...base,
      type: 'failed',
      actor: systemActor,
      data: {
        round: process.round,
        problem,
        signaturesDiscarded,
        refunded: refund.transactions.reduce((sum, t) => sum + t.amountCents, 0),
        refundedSignees: list.map((s) => s.id),
      },
    });
    const sender = await senderRecipient(tx, process, list);
    for (const to of [...(await signeeRecipients(tx, process, list)), ...(sender ? [sender] : [])]) {
      await mailAndRecord(tx, c.clock, base, to, 'signing-failed', { documentName: doc.name });
    }
    const keys = [...new Set([process.versionKey, process.currentKey])];
    await enqueueJob(tx, SIGNING_JOBS.deleteBlobs, { keys }, { runAt: now, tenant: doc.organizationId });
    c.log.warn({ processId, problem }, 'signing: the round failed for good and was ended');
    return true;
  });
}

/**
 * The error a signing call answers when adding a signature failed: a permanent PDF problem first ends
 * the round (failRound); busy or too complex (time, memory) leaves it open to try again.
 */
export async function failRoundOn(c: FailContext, processId: string, err: unknown): Promise<unknown> {
  if (isPermanentPdfFailure(err)) await failRound(c, processId, err.problem);
  return pdfFailure(err);
}
