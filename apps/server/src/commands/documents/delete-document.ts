import { DOCUMENT_STATE, type P } from '@sinetti/contract';
import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { seenByCaller, seeValues, visible } from '../../queries/documents/columns.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { enqueueKeyJobs } from '../../services/jobs/index.ts';
import { recordAudit } from '../audit.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { DOCUMENT_JOBS, lockTree } from './common.ts';
import { enqueueSigningFilesDeletion } from '../signing/blob-refs.ts';
import { inSubtree } from './subtree.ts';
import { versionFilesOf } from './versions.ts';

/** Queues deletion of blobs whose rows are gone (the job deletes only what no row references). */
export async function enqueueBlobDeletion(
  tx: DbOrTx,
  now: Date,
  rows: { blobKey: string | null; pdfKey: string | null }[],
  tenant?: string,
): Promise<void> {
  const keys = rows.flatMap((r) => [r.blobKey, r.pdfKey]);
  await enqueueKeyJobs(tx, DOCUMENT_JOBS.deleteBlobs, keys, { runAt: now, tenant });
}

/**
 * How many rows one statement of a deletion marks deleted. A contract's update costs a few milliseconds (its
 * search vector's words enter the words index again): a folder of 5,000 contracts in one statement ran past
 * the statement time-out (DATABASE_STATEMENT_TIMEOUT_MS) and could never be deleted. In statements of this
 * many rows, each a fraction of it, in one transaction, a deletion takes what its rows cost and is still all
 * or nothing (docs/decisions.md "Deleting a large folder").
 */
export const DELETE_SLICE = 500;

/** Marks the rows deleted (a row and everything under it), DELETE_SLICE rows per statement. */
async function markDeleted(tx: DbOrTx, ids: string[], now: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += DELETE_SLICE) {
    await tx
      .update(documents)
      .set({ state: DOCUMENT_STATE.Deleted, deletedAt: now, updatedAt: now })
      .where(inArray(documents.id, ids.slice(i, i + DELETE_SLICE)));
  }
}

/**
 * Deletes a document or a folder with everything under it. `delete` takes it out of every list, search and
 * count at once and leaves the rows for DELETED_DOCUMENTS_RETENTION_DAYS (then the sweep purges them);
 * `delete/permanently` removes the rows now and queues their blobs' deletion in the same transaction.
 * Nothing is deleted while any part of it is being signed (409).
 */
export async function deleteDocument(
  ctx: AppContext,
  actor: OrganizationActor,
  scope: AuthorizedScope<typeof P.DOCUMENTS_DELETE>,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_DELETE>,
  permanently: boolean,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockTree(tx, doc.organizationId);
    const row = await relock(tx, doc);
    // The subtree read once: what the checks need, and the rows a deletion marks.
    const unseen = sql<number>`case when ${seenByCaller(documents, seeValues(scope))} then 0 else 1 end`;
    const subtree = await tx
      .select({ id: documents.id, state: documents.state, unseen: unseen.mapWith(Number) })
      .from(documents)
      .where(and(inSubtree(row), visible));
    if (subtree.some((r) => r.unseen === 1)) {
      throw new AppError(
        'CONFLICT',
        'This folder holds documents that your roles do not show you: ask someone who sees them.',
      ).because('FOLDER_HOLDS_UNSEEN');
    }
    if (subtree.some((r) => r.state === DOCUMENT_STATE.Signing)) {
      throw new AppError(
        'CONFLICT',
        'A document that is being signed cannot be deleted: cancel the signing first.',
      ).because('SIGNING_IN_PROGRESS');
    }
    const now = ctx.clock.now();
    if (permanently) {
      await enqueueSigningFilesDeletion(tx, now, inSubtree(row), row.organizationId);
      const versions = await versionFilesOf(tx, inSubtree(row));
      const gone = await tx
        .delete(documents)
        .where(inSubtree(row))
        .returning({ blobKey: documents.blobKey, pdfKey: documents.pdfKey });
      await enqueueBlobDeletion(tx, now, [...gone, ...versions], row.organizationId);
    } else {
      const ids = subtree.map((r) => r.id);
      await markDeleted(tx, ids, now);
    }
    await recordAudit(tx, auditOf(actor), permanently ? 'document.deleted-permanently' : 'document.deleted', {
      organizationId: row.organizationId,
      subjectId: row.id,
      data: { name: row.name, type: row.type, sha256: row.sha256 },
    });
  });
}
