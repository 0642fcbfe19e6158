import { Readable } from 'node:stream';
import { mimeTypeOf, type Language, type TemplateField } from '@sinetti/contract';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { putHashed, type StoredBlob } from '../../services/blob-store/index.ts';
import type { PdfTasks } from '../../services/pdf/worker/protocol.ts';
import { pdfFailure, pdfRun } from '../signing/pdf-run.ts';
import { readBlob } from './blobs.ts';
import { newBlobKey } from './common.ts';

/**
 * Template fields (issue 13 item 4): `{{name}}` placeholders in a template's DOCX, which Use template
 * fills in. The DOCX is read in the PDF worker pool (services/templates/docx-template.ts), counted against
 * the organization like every untrusted file's work there.
 */

/** docxtemplater fills Word's XML format; a PDF, DOC, DOTX or RTF template simply has no fields. */
const FILLABLE = new Set(['docx']);

const fillable = (doc: Pick<DocumentRow, 'type' | 'blobKey' | 'extension'>) =>
  doc.type === 'template' && doc.blobKey !== null && FILLABLE.has(doc.extension.toLowerCase());

const invalid = (message: string) =>
  new AppError('CONFLICT', `The template's fields cannot be read: ${message}`).because('TEMPLATE_INVALID');

/** A task in the worker pool, counted against the document's organization; a full pool is 429 PDF_BUSY. */
async function inWorker<K extends 'templateFields' | 'fillTemplate'>(
  ctx: AppContext,
  doc: DocumentRow,
  task: K,
  input: PdfTasks[K]['input'],
): Promise<Extract<PdfTasks[K]['result'], { ok: true }>['value']> {
  const run = pdfRun(ctx, doc.organizationId);
  const outcome = await run.workers.run(task, input, run.owner).catch((err: unknown) => {
    throw pdfFailure(err);
  });
  if (!outcome.ok) throw invalid(outcome.message);
  return outcome.value as Extract<PdfTasks[K]['result'], { ok: true }>['value'];
}

/** Only a template has fields; null for one that is not a DOCX (or has no file yet). */
async function templateDocx(ctx: AppContext, doc: DocumentRow): Promise<Buffer | null> {
  if (doc.type !== 'template') {
    throw new AppError('CONFLICT', 'Only a template has fields.').because('NOT_A_TEMPLATE');
  }
  return fillable(doc) ? readBlob(ctx.blobs, doc.blobKey as string) : null;
}

/** The fields of a template, in document order (none for a template that is not a DOCX). */
export async function templateFields(ctx: AppContext, doc: DocumentRow): Promise<TemplateField[]> {
  const docx = await templateDocx(ctx, doc);
  return docx ? inWorker(ctx, doc, 'templateFields', { docx: new Uint8Array(docx) }) : [];
}

/**
 * The template's DOCX with its fields filled in (each the value given, else its default), stored as a new
 * blob of the organization; null when the template has no fields (the copy then shares the template's
 * file). One task in the worker reads the fields, checks the values and fills them. A missing or ill-typed
 * value is 400 TEMPLATE_VALUES_INVALID with `fields` naming each (empty, tooLong, notDate, notNumber). The
 * caller deletes the blob if what it does with it fails.
 */
export async function fillTemplate(
  ctx: AppContext,
  doc: DocumentRow,
  given: Record<string, string> | undefined,
  language: Language,
): Promise<StoredBlob | null> {
  const docx = await templateDocx(ctx, doc);
  if (!docx) return null;
  const filled = await inWorker(ctx, doc, 'fillTemplate', { docx: new Uint8Array(docx), given, language });
  if (filled.kind === 'noFields') return null;
  if (filled.kind === 'invalid') {
    throw new AppError(
      'VALIDATION_FAILED',
      `Some template fields are missing or not valid: ${Object.keys(filled.problems).join(', ')}.`,
      filled.problems,
    ).because('TEMPLATE_VALUES_INVALID');
  }
  return putHashed(ctx.blobs, newBlobKey(doc.organizationId), Readable.from([Buffer.from(filled.docx)]), {
    contentType: mimeTypeOf('docx'),
  });
}
