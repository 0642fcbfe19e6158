import path from 'node:path';
import { mimeTypeOf } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { findDocument } from '../../queries/documents/get-document.ts';
import { converterFor } from '../../services/conversion/index.ts';
import { enqueueJob, type JobContext, type JobRecord } from '../../services/jobs/index.ts';
import { DOCUMENT_JOBS, enqueueRendition } from './common.ts';
import { convertibleInput, downloadBlob, permanentIfHopeless, uploadFile, withTempDir } from './job-files.ts';
import { addVersion } from './versions.ts';

/** Word-processing files LibreOffice turns into a DOCX the editor can open (issue 13 item 6). */
const OFFICE_TEXT = new Set(['doc', 'dot', 'dotx', 'odt', 'rtf']);

/** An uploaded contract or template in another word-processing format: it is made a DOCX once. */
export function wantsDocx(doc: Pick<DocumentRow, 'type' | 'extension' | 'blobKey'>): boolean {
  return (
    (doc.type === 'contract' || doc.type === 'template') &&
    doc.blobKey !== null &&
    OFFICE_TEXT.has(doc.extension.toLowerCase())
  );
}

type ToDocxJob = JobRecord<{ documentId: string; blobKey: string }>;

export async function enqueueToDocx(
  tx: DbOrTx,
  now: Date,
  doc: Pick<DocumentRow, 'id' | 'organizationId'>,
  blobKey: string,
): Promise<void> {
  await enqueueJob(
    tx,
    DOCUMENT_JOBS.toDocx,
    { documentId: doc.id, blobKey },
    {
      runAt: now,
      dedupeKey: `${DOCUMENT_JOBS.toDocx}:${doc.id}:${blobKey}`,
      maxAttempts: 3,
      tenant: doc.organizationId,
    },
  );
}

/**
 * Makes an uploaded DOC, DOT, DOTX, ODT or RTF contract or template a DOCX (issue 13 item 6), once: the
 * original stays version 1 (its PDF already made), the DOCX becomes version 2 and the document's file, and
 * its own PDF and search text are made next. Runs after the original's PDF, so a file LibreOffice cannot
 * read has already failed there. A document that changed meanwhile is left alone. Idempotent. When this
 * fails for good the document simply stays as uploaded: viewable and signable, not editable.
 */
export async function runToDocx(job: ToDocxJob, c: JobContext): Promise<void> {
  const doc = await findDocument(c.db, job.payload.documentId);
  const { blobKey } = job.payload;
  if (!doc || doc.blobKey !== blobKey || !wantsDocx(doc)) return;
  await withTempDir(async (dir) => {
    const source = path.join(dir, `source.${doc.extension}`);
    await downloadBlob(c, blobKey, source);
    const input = await convertibleInput(source, doc.extension, dir);
    const docx = await converterFor(c.config.conversion, c.log)
      .convert(input, 'docx', path.join(dir, 'out'), { signal: c.signal, tenant: doc.organizationId })
      .catch((err: unknown) => Promise.reject(permanentIfHopeless(err)));
    const stored = await uploadFile(c, doc.organizationId, docx, mimeTypeOf('docx'));
    const kept = await c.db.transaction(async (tx) => {
      const now = c.clock.now();
      const [row] = await tx
        .update(documents)
        .set({
          extension: 'docx',
          mimeType: mimeTypeOf('docx'),
          blobKey: stored.key,
          size: stored.size,
          sha256: stored.sha256,
          // The original's PDF stays the preview until the DOCX's own is made.
          conversionStatus: 'pending',
          conversionError: null,
          conversionFailure: null,
        })
        .where(and(eq(documents.id, doc.id), eq(documents.blobKey, blobKey)))
        .returning(documentColumns);
      if (!row) return false;
      const file = { extension: 'docx', blobKey: stored.key, size: stored.size, sha256: stored.sha256 };
      await addVersion(tx, row, file, { origin: 'converted', by: null, at: now });
      await enqueueRendition(tx, now, row);
      return true;
    });
    if (!kept) await c.blobs.delete(stored.key);
  });
}
