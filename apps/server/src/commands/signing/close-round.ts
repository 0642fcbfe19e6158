import { DOCUMENT_STATE } from '@sinetti/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, signatures, signees, signingProcesses, signingSessions } from '../../db/schema/index.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';

/**
 * Ends an open round, cancelled by the sender or failed for good: the round is cancelled, its open sessions
 * end, every signee is pending again and the document is back in Draft. The signatures made so far stay
 * with the round's working copy (counted for the audit event) and no longer count. Runs inside the caller's
 * transaction, which holds the document and the round; refunds and e-mails are the caller's.
 */
export async function closeRound(
  tx: Tx,
  round: { processId: string; documentId: string },
  now: Date,
): Promise<{ document: DocumentRow | undefined; signaturesDiscarded: number }> {
  await tx
    .update(signingProcesses)
    .set({ state: 'cancelled', cancelledAt: now })
    .where(eq(signingProcesses.id, round.processId));
  await tx
    .update(signingSessions)
    .set({ endedAt: now, endReason: 'cancelled' })
    .where(and(eq(signingSessions.processId, round.processId), isNull(signingSessions.endedAt)));
  await tx
    .update(signees)
    .set({ status: 'pending', signedAt: null, slot: null, updatedAt: now })
    .where(eq(signees.documentId, round.documentId));
  const [document] = await tx
    .update(documents)
    .set({ state: DOCUMENT_STATE.Draft, updatedAt: now })
    .where(eq(documents.id, round.documentId))
    .returning(documentColumns);
  const discarded = await tx
    .select({ id: signatures.id })
    .from(signatures)
    .where(eq(signatures.processId, round.processId));
  return { document, signaturesDiscarded: discarded.length };
}
