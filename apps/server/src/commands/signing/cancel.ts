import { type P } from '@sinetti/contract';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { listSignees, openProcessOf } from '../../queries/signing/signees.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { appendSigningEvent } from './audit-chain.ts';
import { endRoundWithRefund } from './end-round.ts';
import { noticeRoundEnded } from './round-ended-notice.ts';
import { memberActor } from './common.ts';
import { accountContact } from './people.ts';

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
    const ended = await endRoundWithRefund(tx, {
      documentId: doc.id,
      organizationId: doc.organizationId,
      process,
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
        signaturesDiscarded: ended.signaturesDiscarded,
        refunded: ended.refunded,
        refundedSignees: ended.refundedSignees,
        refundWithheld: ended.refundWithheld,
      },
    });
    const sender = (await accountContact(tx, actor.account.id))?.name ?? actor.account.email;
    // Stopping a signing must always be possible: the notice is counted, never refused.
    await noticeRoundEnded(tx, ctx, {
      doc,
      process,
      signees: list,
      template: 'signing-cancelled',
      senderName: sender,
      now,
    });
    return ended.document ?? doc;
  });
}
