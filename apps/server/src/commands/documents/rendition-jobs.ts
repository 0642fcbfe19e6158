import fsp from 'node:fs/promises';
import path from 'node:path';
import { mimeTypeOf } from '@sinetti/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { documentColumns } from '../../queries/documents/columns.ts';
import { findDocument } from '../../queries/documents/get-document.ts';
import { converterFor } from '../../services/conversion/index.ts';
import type { JobContext, JobRecord } from '../../services/jobs/index.ts';
import { enqueueRendition } from './common.ts';
import { enqueueToDocx, wantsDocx } from './office-jobs.ts';
import {
  addFirstVersions,
  recordVersionRendition,
  recordVersionText,
  versionWithoutPdf,
} from './versions.ts';
import {
  ConversionOutcomeError,
  convertibleInput,
  downloadBlob,
  pdfText,
  permanentIfHopeless,
  uploadFile,
  withTempDir,
} from './job-files.ts';
import { faultPoint } from '../../lib/fault-points.ts';
import { analyzeFindings } from './pdf-findings.ts';

/** `blobKey`: the file a conversion is for (older jobs have none: the row's file then). */
export type DocumentJob = JobRecord<{ documentId: string; blobKey?: string }>;

/** Makes the empty DOCX of a new contract or template, then queues its PDF rendition. Idempotent. */
export async function runBlank(job: DocumentJob, c: JobContext): Promise<void> {
  const doc = await findDocument(c.db, job.payload.documentId);
  if (!doc || doc.blobKey || doc.conversionStatus !== 'pending') return;
  await withTempDir(async (dir) => {
    const input = path.join(dir, 'blank.txt');
    await fsp.writeFile(input, '');
    const docx = await converterFor(c.config.conversion, c.log)
      .convert(input, 'docx', path.join(dir, 'out'), { signal: c.signal, tenant: doc.organizationId })
      .catch((err: unknown) => Promise.reject(permanentIfHopeless(err)));
    const stored = await uploadFile(c, doc.organizationId, docx, mimeTypeOf('docx'));
    const kept = await c.db.transaction(async (tx) => {
      const [row] = await tx
        .update(documents)
        .set({ blobKey: stored.key, size: stored.size, sha256: stored.sha256 })
        .where(and(eq(documents.id, doc.id), isNull(documents.blobKey)))
        .returning(documentColumns);
      if (!row) return false;
      await addFirstVersions(tx, [row], { origin: 'created', by: row.ownerAccountId, at: c.clock.now() });
      await enqueueRendition(tx, c.clock.now(), row);
      return true;
    });
    if (!kept) await c.blobs.delete(stored.key);
  });
}

/** The file a conversion job is for, when it still needs its PDF: the row's, or an older version's. */
async function conversionTarget(job: DocumentJob, c: JobContext) {
  const doc = await findDocument(c.db, job.payload.documentId);
  const blobKey = job.payload.blobKey ?? doc?.blobKey;
  if (!doc || !blobKey) return null;
  if (doc.blobKey === blobKey)
    return doc.conversionStatus === 'pending' ? { doc, blobKey, extension: doc.extension } : null;
  // Saved over before its PDF was made: the version keeps its own preview and text (issue 13 item 3).
  const version = await versionWithoutPdf(c.db, doc.id, blobKey);
  return version ? { doc, blobKey, extension: version.extension } : null;
}

/**
 * Converts a file of the document to PDF, stores it as the rendition (when it still is the row's file)
 * and as its versions' PDF, and indexes its text. Idempotent.
 */
export async function runConvert(job: DocumentJob, c: JobContext): Promise<void> {
  const target = await conversionTarget(job, c);
  if (!target) return;
  const { doc, blobKey, extension } = target;
  await withTempDir(async (dir) => {
    const source = path.join(dir, `source.${extension || 'bin'}`);
    await downloadBlob(c, blobKey, source);
    const pdf = await (async () => {
      const input = await convertibleInput(source, extension, dir);
      return converterFor(c.config.conversion, c.log).convert(input, 'pdf', path.join(dir, 'out'), {
        signal: c.signal,
        tenant: doc.organizationId,
      });
    })().catch((err: unknown) => Promise.reject(permanentIfHopeless(err)));
    await faultPoint('conversion.converted');
    const text = await pdfText(c, pdf).catch(() => '');
    const stored = await uploadFile(c, doc.organizationId, pdf, 'application/pdf');
    const findings = await analyzeFindings(c, doc.organizationId, await fsp.readFile(pdf), stored.sha256);
    await c.db.transaction(async (tx) => {
      await tx
        .update(documents)
        .set({
          pdfKey: stored.key,
          pdfSize: stored.size,
          pdfSha256: stored.sha256,
          contentText: text,
          pdfFindings: findings,
          conversionStatus: 'done',
          conversionError: null,
          conversionFailure: null,
        })
        .where(
          and(
            eq(documents.id, doc.id),
            eq(documents.conversionStatus, 'pending'),
            eq(documents.blobKey, blobKey),
          ),
        );
      // Every version of this file gets the PDF too, also when the row has moved on to a newer file
      // meanwhile. A PDF nobody took is removed by the documents sweep.
      await recordVersionRendition(tx, doc.id, blobKey, { ...stored, text });
      // An office contract or template becomes editable: its DOCX is made next (office-jobs.ts).
      if (doc.blobKey === blobKey && wantsDocx(doc)) await enqueueToDocx(tx, c.clock.now(), doc, blobKey);
    });
  });
}

/** Indexes the text of an uploaded PDF and analyses it for the send dialog (pdf-findings.ts). Idempotent. */
export async function runExtractText(job: DocumentJob, c: JobContext): Promise<void> {
  const doc = await findDocument(c.db, job.payload.documentId);
  if (!doc?.pdfKey) return;
  const pdfKey = doc.pdfKey;
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'document.pdf');
    await downloadBlob(c, pdfKey, file);
    const text = await pdfText(c, file).catch((err: unknown) => Promise.reject(permanentIfHopeless(err)));
    // What the send dialog warns about (hidden layers, unreferenced streams, a certification).
    const findings = doc.pdfSha256
      ? await analyzeFindings(c, doc.organizationId, await fsp.readFile(file), doc.pdfSha256)
      : null;
    await c.db
      .update(documents)
      .set({ contentText: text, ...(findings ? { pdfFindings: findings } : {}) })
      .where(and(eq(documents.id, doc.id), eq(documents.pdfKey, pdfKey)));
    await recordVersionText(c.db, doc.id, pdfKey, text);
  });
}

/** After the last attempt: the document shows conversion `failed` (the original stays usable). */
export async function markConversionFailed(job: DocumentJob, error: Error, c: { db: Db }): Promise<void> {
  await c.db
    .update(documents)
    .set({
      conversionStatus: 'failed',
      conversionError: error.message.slice(0, 1000),
      conversionFailure: error instanceof ConversionOutcomeError ? error.failure : 'UNREADABLE',
    })
    .where(
      and(
        eq(documents.id, job.payload.documentId),
        eq(documents.conversionStatus, 'pending'),
        // A failed conversion of an older version leaves the current one's alone.
        job.payload.blobKey ? eq(documents.blobKey, job.payload.blobKey) : undefined,
      ),
    );
}
