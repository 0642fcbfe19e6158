import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, signingProcesses } from '../../db/schema/index.ts';
import { enqueueKeyJobs } from '../../services/jobs/index.ts';
import { SIGNING_JOBS } from './common.ts';

const p = signingProcesses;

/** The keys among `keys` that an open or finished round references (cancelled rounds' files may go). */
export async function referencedSigningKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ a: p.versionKey, b: p.currentKey, c: p.signedKey, d: p.certificateKey })
    .from(p)
    .where(
      and(
        ne(p.state, 'cancelled'),
        or(
          inArray(p.versionKey, keys),
          inArray(p.currentKey, keys),
          inArray(p.signedKey, keys),
          inArray(p.certificateKey, keys),
        ),
      ),
    );
  return new Set(rows.flatMap((r) => [r.a, r.b, r.c, r.d]).filter((k): k is string => !!k));
}

/**
 * Queues the deletion of every signing file (versions to sign, working copies, sealed PDFs, certificates)
 * of the documents matching `which` (a condition on `documents`). Call it in the transaction that deletes
 * those documents, before the delete: their rounds go with them (on delete cascade), and the job, which
 * runs after the commit, then finds no row that still references the files.
 */
export async function enqueueSigningFilesDeletion(
  tx: DbOrTx,
  now: Date,
  which: SQL,
  tenant?: string,
): Promise<void> {
  const rows = await tx
    .select({ a: p.versionKey, b: p.currentKey, c: p.signedKey, d: p.certificateKey })
    .from(p)
    .innerJoin(documents, eq(documents.id, p.documentId))
    .where(which);
  const keys = rows.flatMap((r) => [r.a, r.b, r.c, r.d]);
  await enqueueKeyJobs(tx, SIGNING_JOBS.deleteBlobs, keys, { runAt: now, tenant });
}
