import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { layoutDss, type DssInput } from '../dss.ts';
import { analyzePdf, findingsOf, type PdfFindings } from '../findings.ts';
import { layoutSignature, dryRunSignatures, type LayoutInput } from '../layout.ts';
import { PngError, pngImage, type PdfImage } from '../png.ts';
import { prepareForSigning, type PrepareMeta, type Signee } from '../prepare.ts';
import { PdfError, PdfLimitError } from '../syntax/errors.ts';
import type { PdfLimits } from '../syntax/limits.ts';
import { PdfReader } from '../syntax/reader.ts';
import { countPages } from '../syntax/pages.ts';
import { verifyPdf, type VerifyInput } from '../verification/verify-pdf.ts';
import type { PdfTaskName, PdfTasks } from './protocol.ts';
import { docxFields, fillDocx, type FillInput } from '../../templates/docx-template.ts';
import { compareTexts } from '../../text/compare.ts';

export type { LayoutInput, SignatureLayout } from '../layout.ts';

export interface PrepareInput {
  pdf: Uint8Array;
  signees: Signee[];
  meta: PrepareMeta;
}

export interface PrepareResult {
  pdf: Uint8Array;
  sha256: string;
  pages: number;
  /** False: the rendition had to be rewritten (see prepareForSigning); earlier signatures in it are lost. */
  keptIntact: boolean;
  /** What the sender should know about the version (hidden layers, unreferenced streams, certification). */
  findings: PdfFindings;
}

export { countPages };

/** Errors of pdf-lib on an untrusted file say that the file is damaged (or too deep for the stack). */
function asPdfError(err: unknown): PdfError {
  if (err instanceof PdfError) return err;
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    return new PdfLimitError('The PDF nests its objects too deeply.');
  }
  return new PdfError('PDF_DAMAGED', `The PDF cannot be read: ${(err as Error)?.message ?? String(err)}`);
}

/**
 * The version to be signed, decided at send time: the whole file is read within the limits (a bomb or a
 * loop is refused), the signature pages appended, then every signature and the seal are laid out in a dry
 * run. Whatever passes can be signed to the end.
 */
export async function prepareChecked(input: PrepareInput, limits: PdfLimits): Promise<PrepareResult> {
  try {
    const prepared = await prepareForSigning(input.pdf, input.signees, input.meta, limits);
    const reader = new PdfReader(prepared.pdf, limits);
    dryRunSignatures(prepared.pdf, input.signees.length, limits);
    return { ...prepared, pages: countPages(reader), findings: findingsOf(reader) };
  } catch (err) {
    throw asPdfError(err);
  }
}

/** A verification whose PDF is in a file (its path); the rest as in VerifyInput. */
export type VerifyFileInput = Omit<VerifyInput, 'pdf'> & { file: string };

function verifyFile({ file, ...input }: VerifyFileInput, limits: PdfLimits) {
  const bytes = readFileSync(file);
  const pdf = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return verifyPdf({ ...input, pdf }, limits);
}

export interface SignatureImageInput {
  png: Uint8Array;
  maxSide: number;
}

/** A drawn signature (a checked PNG) as a PDF image, or null if it cannot be drawn (damaged data). */
function signatureImage(input: SignatureImageInput): PdfImage | null {
  try {
    return pngImage(input.png, input.maxSide);
  } catch (err) {
    if (err instanceof PngError) return null;
    throw err;
  }
}

function burn({ ms = 0, mb = 0 }: { ms?: number; mb?: number }): null {
  const hold: number[][] = [];
  for (let i = 0; i < mb; i++) hold.push(new Array(128 * 1024).fill(i));
  const until = Date.now() + ms;
  while (Date.now() < until) createHash('sha256').update('x').digest();
  void hold;
  return null;
}

export async function runTask<K extends PdfTaskName>(
  task: K,
  input: PdfTasks[K]['input'],
  limits: PdfLimits,
): Promise<PdfTasks[K]['result']> {
  type Result = PdfTasks[K]['result'];
  if (task === 'prepare') return (await prepareChecked(input as PrepareInput, limits)) as Result;
  if (task === 'layoutSignature') return layoutSignature(input as LayoutInput, limits) as Result;
  if (task === 'analyze') {
    try {
      return analyzePdf((input as PdfTasks['analyze']['input']).pdf, limits) as Result;
    } catch (err) {
      throw asPdfError(err);
    }
  }
  if (task === 'verify') return verifyPdf(input as VerifyInput, limits) as Result;
  if (task === 'verifyFile') return verifyFile(input as VerifyFileInput, limits) as Result;
  if (task === 'layoutDss') return layoutDss(input as DssInput, limits) as Result;
  if (task === 'signatureImage') return signatureImage(input as SignatureImageInput) as Result;
  if (task === 'templateFields') return (await docxFields((input as { docx: Uint8Array }).docx)) as Result;
  if (task === 'fillTemplate') return (await fillDocx(input as FillInput)) as Result;
  if (task === 'compareText') {
    const { from, to } = input as PdfTasks['compareText']['input'];
    return compareTexts(from, to) as Result;
  }
  if (task === 'burn') return burn(input as PdfTasks['burn']['input']) as Result;
  throw new Error(`Unknown PDF task ${String(task)}`);
}

/**
 * The buffers of a result, each made its own ArrayBuffer (small Buffers share a pool) so that they can be
 * transferred to the main thread without copying or detaching anything else.
 */
export function transferablesOf(result: unknown): ArrayBuffer[] {
  if (!result || typeof result !== 'object') return [];
  const out: ArrayBuffer[] = [];
  const record = result as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    // A view of shared memory (growing-pdf.ts) is passed as it is: it is not copied, nor can it be transferred.
    if (value instanceof Uint8Array && !(value.buffer instanceof SharedArrayBuffer)) {
      const own =
        value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : value.slice();
      record[key] = own;
      out.push(own.buffer as ArrayBuffer);
    }
  }
  return out;
}
