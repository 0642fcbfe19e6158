import { DOCUMENT_STATE } from '@sinetti/contract';
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { JobContext, JobRecord } from '../../services/jobs/index.ts';
import { enqueueSigningFilesDeletion, referencedSigningKeys } from '../signing/blob-refs.ts';
import { SIGNING_BLOB_PREFIX } from '../signing/common.ts';
import { DOCUMENT_BLOB_PREFIX } from './common.ts';
import { enqueueBlobDeletion } from './delete-document.ts';
import { versionFilesOf, versionReferences } from './versions.ts';

/** A blob no row references is removed only once it is this old: younger ones may belong to an upload
 * whose row is about to be committed. */
export const ORPHAN_MIN_AGE_MS = 3600_000;
const BATCH = 500;

/** The keys among `keys` that some row still references. */
async function referenced(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ blobKey: documents.blobKey, pdfKey: documents.pdfKey })
    .from(documents)
    .where(or(inArray(documents.blobKey, keys), inArray(documents.pdfKey, keys)));
  const kept = rows.flatMap((r) => [r.blobKey, r.pdfKey]).filter((k): k is string => !!k);
  // Older versions keep their files (issue 13 item 3) after the row has moved on to a newer one.
  return new Set([...kept, ...(await versionReferences(db, keys))]);
}

/** Deletes the given blobs unless a row references them (a copy may share a blob). Idempotent. */
export async function runDeleteBlobs(job: JobRecord<{ keys: string[] }>, c: JobContext): Promise<void> {
  const keys = job.payload.keys.filter((k) => k.startsWith(DOCUMENT_BLOB_PREFIX));
  const keep = await referenced(c.db, keys);
  for (const key of keys) if (!keep.has(key)) await c.blobs.delete(key);
}

/** Removes deleted documents whose retention has passed, with their blobs (a batch per transaction). */
async function purgeDeleted(c: JobContext, now: Date): Promise<number> {
  const before = new Date(now.getTime() - c.config.documents.deletedRetentionDays * 24 * 3600_000);
  let purged = 0;
  for (;;) {
    const n = await c.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.state, DOCUMENT_STATE.Deleted), lt(documents.deletedAt, before)))
        .limit(BATCH);
      if (due.length === 0) return 0;
      const ids = inArray(
        documents.id,
        due.map((d) => d.id),
      );
      await enqueueSigningFilesDeletion(tx, now, ids);
      const versions = await versionFilesOf(tx, ids);
      const gone = await tx
        .delete(documents)
        .where(ids)
        .returning({ blobKey: documents.blobKey, pdfKey: documents.pdfKey });
      await enqueueBlobDeletion(tx, now, [...gone, ...versions]);
      return due.length;
    });
    purged += n;
    if (n < BATCH || c.signal.aborted) return purged;
  }
}

/**
 * Every prefix the app writes blobs under, with the rows that may reference them. The sweep looks under
 * each: a feature that adds a prefix adds it here.
 */
const BLOB_OWNERS: { prefix: string; referenced: (db: DbOrTx, keys: string[]) => Promise<Set<string>> }[] = [
  { prefix: DOCUMENT_BLOB_PREFIX, referenced },
  { prefix: SIGNING_BLOB_PREFIX, referenced: referencedSigningKeys },
];

/** Removes blobs under every prefix that no row references and that are older than ORPHAN_MIN_AGE_MS. */
async function removeOrphans(c: JobContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_MIN_AGE_MS);
  let removed = 0;
  for (const owner of BLOB_OWNERS) {
    let batch: string[] = [];
    const flush = async () => {
      const keep = await owner.referenced(c.db, batch);
      for (const key of batch) {
        if (!keep.has(key)) {
          await c.blobs.delete(key);
          removed++;
        }
      }
      batch = [];
    };
    for await (const blob of c.blobs.list(owner.prefix)) {
      if (c.signal.aborted) break;
      if (blob.lastModified >= cutoff) continue;
      batch.push(blob.key);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  }
  return removed;
}

/**
 * The periodic documents sweep: purge deleted documents past retention, then remove orphaned blobs (a
 * process that died between writing a blob and committing its row) and leftovers of unfinished writes.
 * Stopped midway (the worker stops), it fails, so that the job is run again rather than recorded as done:
 * a sweep answered done before it reached an orphan left it for a whole interval (a fault test saw it).
 */
export async function runSweep(_job: JobRecord, c: JobContext): Promise<void> {
  const now = c.clock.now();
  const purged = await purgeDeleted(c, now);
  const orphans = await removeOrphans(c, now);
  c.signal.throwIfAborted();
  const incomplete = await c.blobs
    .sweepIncomplete(new Date(now.getTime() - ORPHAN_MIN_AGE_MS))
    .catch((err) => {
      c.log.warn({ err }, 'documents sweep: could not clean unfinished writes');
      return 0;
    });
  c.log.info({ purged, orphans, incomplete }, 'documents sweep done');
}
