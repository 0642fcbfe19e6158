import { DOCUMENT_STATE, type P } from '@sinetti/contract';
import { and, eq, sql } from 'drizzle-orm';
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
    const signing = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(inSubtree(row), eq(documents.state, DOCUMENT_STATE.Signing)))
      .limit(1);
    const unseen = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(inSubtree(row), visible, sql`not ${seenByCaller(documents, seeValues(scope))}`))
      .limit(1);
    if (unseen.length > 0) {
      throw new AppError(
        'CONFLICT',
        'This folder holds documents that your roles do not show you: ask someone who sees them.',
      ).because('FOLDER_HOLDS_UNSEEN');
    }
    if (signing.length > 0) {
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
      await tx
        .update(documents)
        .set({ state: DOCUMENT_STATE.Deleted, deletedAt: now, updatedAt: now })
        .where(and(inSubtree(row), visible));
    }
    await recordAudit(tx, auditOf(actor), permanently ? 'document.deleted-permanently' : 'document.deleted', {
      organizationId: row.organizationId,
      subjectId: row.id,
      data: { name: row.name, type: row.type, sha256: row.sha256 },
    });
  });
}
