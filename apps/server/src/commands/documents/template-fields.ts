import { Readable } from 'node:stream';
import { mimeTypeOf, templateValueProblem, type Language, type TemplateField } from '@sinetti/contract';
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

/** The template's DOCX and its fields; null for a template that is not a DOCX (or has no file yet). */
async function readTemplate(ctx: AppContext, doc: DocumentRow) {
  if (doc.type !== 'template') {
    throw new AppError('CONFLICT', 'Only a template has fields.').because('NOT_A_TEMPLATE');
  }
  if (!fillable(doc)) return null;
  const docx = await readBlob(ctx.blobs, doc.blobKey as string);
  // The worker gets a copy: the bytes are needed again to fill them in.
  const fields = await inWorker(ctx, doc, 'templateFields', { docx: new Uint8Array(docx) });
  return { docx, fields };
}

/** The fields of a template, in document order (none for a template that is not a DOCX). */
export async function templateFields(ctx: AppContext, doc: DocumentRow): Promise<TemplateField[]> {
  return (await readTemplate(ctx, doc))?.fields ?? [];
}

/**
 * Every field's value: the one given, else its default. A missing or ill-typed value is 400
 * TEMPLATE_VALUES_INVALID with `fields` naming each (empty, tooLong, notDate, notNumber).
 */
export function checkedValues(
  fields: TemplateField[],
  given: Record<string, string> | undefined,
): Record<string, string> {
  const values: Record<string, string> = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = given?.[field.name] ?? field.default ?? '';
    const problem = templateValueProblem(field, value);
    if (problem) problems[field.name] = problem;
    else values[field.name] = value;
  }
  if (Object.keys(problems).length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Some template fields are missing or not valid: ${Object.keys(problems).join(', ')}.`,
      problems,
    ).because('TEMPLATE_VALUES_INVALID');
  }
  return values;
}

/**
 * The template's DOCX with `values` filled in, stored as a new blob of the organization; null when the
 * template has no fields (the copy then shares the template's file). The caller deletes the blob if what
 * it does with it fails.
 */
export async function fillTemplate(
  ctx: AppContext,
  doc: DocumentRow,
  given: Record<string, string> | undefined,
  language: Language,
): Promise<StoredBlob | null> {
  const template = await readTemplate(ctx, doc);
  if (!template || template.fields.length === 0) return null;
  const values = checkedValues(template.fields, given);
  const filled = await inWorker(ctx, doc, 'fillTemplate', { docx: template.docx, values, language });
  return putHashed(ctx.blobs, newBlobKey(doc.organizationId), Readable.from([Buffer.from(filled)]), {
    contentType: mimeTypeOf('docx'),
  });
}
