import { type P } from '@sinetti/contract';
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { signingProcesses } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { listSignees, openProcessOf } from '../../queries/signing/signees.ts';
import { enqueueJob } from '../../services/jobs/index.ts';
import { enqueueMail } from '../../services/mail/index.ts';
import { reserveMailQuota } from '../../services/mail/limits.ts';
import { refundCharges } from '../billing/refund.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { appendSigningEvent, systemActor } from './audit-chain.ts';
import { closeRound } from './close-round.ts';
import { SIGNING_JOBS, chargeReference, fullNameOf, memberActor } from './common.ts';
import { accountContact } from './people.ts';

/** A cancelled round is refunded only if no earlier round of the document was sent this long before it. */
export const RESEND_REFUND_WINDOW_MS = 24 * 3600_000;

/**
 * Whether this round repeats a send of the same document within RESEND_REFUND_WINDOW_MS: cancelling it
 * then refunds nothing, so that send/cancel cycles cannot relay e-mail for free (docs/decisions.md).
 */
async function isRepeatedSend(tx: Tx, documentId: string, process: { id: string; sentAt: Date }) {
  const [earlier] = await tx
    .select({ id: signingProcesses.id })
    .from(signingProcesses)
    .where(
      and(
        eq(signingProcesses.documentId, documentId),
        ne(signingProcesses.id, process.id),
        lte(signingProcesses.sentAt, process.sentAt),
        gt(signingProcesses.sentAt, new Date(process.sentAt.getTime() - RESEND_REFUND_WINDOW_MS)),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}

/**
 * Cancels signing (only while Signing, and not once everyone has signed and the seal is under way):
 * back to Draft, open sessions ended, signatures made so far discarded with the working copy, the
 * charges of signees who had not signed refunded (see docs/decisions.md "Signing"), every signee e-mailed.
 */
export async function cancelSigning(
  ctx: AppContext,
  actor: OrganizationActor,
  authorized: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
): Promise<DocumentRow> {
  return ctx.db.transaction(async (tx) => {
    const doc = await relock(tx, authorized);
    assertAllowed(documentRules.cancel(doc));
    const process = await openProcessOf(tx, doc.id, true);
    if (!process)
      throw new AppError('CONFLICT', 'This document has no signing to cancel.').because('NOT_SIGNING');
    if (process.state === 'sealing') {
      throw new AppError(
        'CONFLICT',
        'Everyone has signed: the document is being sealed and cannot be cancelled.',
      ).because('SEALING');
    }
    const now = ctx.clock.now();
    const list = await listSignees(tx, doc.id);
    const unsigned = list.filter((s) => s.status !== 'signed');
    const { document: updated, signaturesDiscarded } = await closeRound(
      tx,
      { processId: process.id, documentId: doc.id },
      now,
    );
    const refundWithheld = await isRepeatedSend(tx, doc.id, process);
    const refund = await refundCharges(tx, {
      organizationId: doc.organizationId,
      references: refundWithheld ? [] : unsigned.map((s) => chargeReference(process.id, s.id)),
      now,
      audit: auditOf(actor),
    });
    const base = { organizationId: doc.organizationId, documentId: doc.id, processId: process.id, at: now };
    await appendSigningEvent(tx, {
      ...base,
      type: 'cancelled',
      actor: memberActor(actor),
      data: {
        round: process.round,
        signaturesDiscarded,
        refunded: refund.transactions.reduce((sum, t) => sum + t.amountCents, 0),
        refundedSignees: refundWithheld ? [] : unsigned.map((s) => s.id),
        refundWithheld,
      },
    });
    const sender = (await accountContact(tx, actor.account.id))?.name ?? actor.account.email;
    // Counted, never refused: stopping a signing must always be possible (the next send is limited).
    await reserveMailQuota(tx, ctx.clock, ctx.config.mail, {
      organizationId: doc.organizationId,
      recipients: list.map((s) => s.email),
      enforce: false,
    });
    for (const s of list) {
      await enqueueMail(
        tx,
        ctx.clock,
        {
          to: s.email,
          toName: fullNameOf(s),
          lang: process.lang,
          template: 'signing-cancelled',
          data: { documentName: doc.name, senderName: sender },
        },
        doc.organizationId,
      );
      await appendSigningEvent(tx, {
        ...base,
        signeeId: s.id,
        type: 'emailed',
        actor: systemActor,
        data: { template: 'signing-cancelled', to: s.email },
      });
    }
    const keys = [...new Set([process.versionKey, process.currentKey])];
    await enqueueJob(tx, SIGNING_JOBS.deleteBlobs, { keys }, { runAt: now, tenant: doc.organizationId });
    return updated ?? doc;
  });
}
