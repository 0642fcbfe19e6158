import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { signingProcesses } from '../../db/schema/index.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { listSignees, type ProcessRow } from '../../queries/signing/signees.ts';
import type { AuditContext } from '../audit.ts';
import { refundCharges } from '../billing/refund.ts';
import { closeRound } from './close-round.ts';
import { chargeReference } from './common.ts';

/** A cancelled round is refunded only if no earlier round of the document was sent this long before it. */
export const RESEND_REFUND_WINDOW_MS = 24 * 3600_000;

/**
 * Whether this round repeats a send of the same document within RESEND_REFUND_WINDOW_MS: ending it
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

export interface EndedRound {
  document: DocumentRow | undefined;
  signaturesDiscarded: number;
  /** Cents given back now. */
  refunded: number;
  refundedSignees: string[];
  refundWithheld: boolean;
}

/**
 * Ends an open round before everyone signed — cancelled by the sender, declined by a signee, or run out of
 * time — the one way: closeRound (back to Draft, sessions ended) and the charges of the signees who had not
 * signed refunded, unless the round repeats a recent send. The caller holds the document and the round
 * locked, and writes its own audit event and e-mails. Refunds are idempotent per charge (refundCharges).
 */
export async function endRoundWithRefund(
  tx: Tx,
  input: { documentId: string; organizationId: string; process: ProcessRow; now: Date; audit: AuditContext },
): Promise<EndedRound> {
  const { documentId, organizationId, process, now } = input;
  const unsigned = (await listSignees(tx, documentId)).filter((s) => s.status !== 'signed');
  const { document, signaturesDiscarded } = await closeRound(tx, { processId: process.id, documentId }, now);
  const refundWithheld = await isRepeatedSend(tx, documentId, process);
  const refundedSignees = refundWithheld ? [] : unsigned.map((s) => s.id);
  const refund = await refundCharges(tx, {
    organizationId,
    references: refundedSignees.map((id) => chargeReference(process.id, id)),
    now,
    audit: input.audit,
  });
  return {
    document,
    signaturesDiscarded,
    refunded: refund.transactions.reduce((sum, t) => sum + t.amountCents, 0),
    refundedSignees,
    refundWithheld,
  };
}
