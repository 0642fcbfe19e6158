import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, putHashed, type StoredBlob } from '../../services/blob-store/index.ts';
import type { ConversionFailure } from '@sinetti/contract';
import {
  ConversionFailedError,
  ConversionTooLargeError,
  ProcessTimeoutError,
} from '../../services/conversion/index.ts';
import { PermanentJobError, type JobContext } from '../../services/jobs/index.ts';
import { TextExtractionError, extractPdfText } from '../../services/text/index.ts';
import { isZip } from '../../services/conversion/archive.ts';
import { epubToHtml } from '../../services/conversion/epub.ts';
import { archiveWithoutFormulas } from '../../services/conversion/formulas.ts';
import { newBlobKey } from './common.ts';

/** Runs `fn` with a private temporary directory that is removed afterwards. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-job-'));
  try {
    return await fn(dir);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Copies a blob to a local file; a missing blob cannot be retried into existence. */
export async function downloadBlob(c: JobContext, key: string, file: string): Promise<void> {
  try {
    await pipeline(await c.blobs.get(key), fs.createWriteStream(file));
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw new PermanentJobError(`The stored file ${key} is missing`);
    throw err;
  }
}

/** Stores a local file as a new blob of the organization. */
export function uploadFile(
  c: JobContext,
  organizationId: string,
  file: string,
  contentType: string,
): Promise<StoredBlob> {
  return putHashed(c.blobs, newBlobKey(organizationId), fs.createReadStream(file), { contentType });
}

/** The text of a PDF for search; a PDF whose text cannot be read is simply not searchable by content. */
export async function pdfText(c: JobContext, file: string): Promise<string> {
  return extractPdfText(file, {
    pdftotext: c.config.conversion.pdftotext,
    isolation: c.config.conversion.isolation,
    timeoutMs: c.config.conversion.timeoutMs,
    memoryBytes: c.config.conversion.memoryBytes,
    signal: c.signal,
  });
}

/** A conversion that ended for good, with the reason the user is shown. */
export class ConversionOutcomeError extends PermanentJobError {
  constructor(
    message: string,
    readonly failure: ConversionFailure,
  ) {
    super(message);
  }
}

/**
 * Errors retrying cannot fix become permanent (no further attempts): unreadable input, input past the
 * limits, and a time-out (the same bytes would only keep the converter busy as long again).
 */
export function permanentIfHopeless(err: unknown): unknown {
  if (err instanceof ConversionTooLargeError) return new ConversionOutcomeError(err.message, 'TOO_LARGE');
  if (err instanceof ProcessTimeoutError) return new ConversionOutcomeError(err.message, 'TIMEOUT');
  if (err instanceof ConversionFailedError) return new ConversionOutcomeError(err.message, 'UNREADABLE');
  if (err instanceof TextExtractionError) return new PermanentJobError(err.message);
  return err;
}

/**
 * What LibreOffice may open of a stored original: LibreOffice cannot open EPUB, so its chapters become one
 * HTML file first; any other ZIP container (OOXML, ODF) is inflated once within the limits before
 * LibreOffice may spend its time on it, and loses its formulas (they would be computed on this machine;
 * see formulas.ts).
 */
export async function convertibleInput(source: string, extension: string, dir: string): Promise<string> {
  const bytes = await fsp.readFile(source);
  if (extension === 'epub') return epubToHtml(bytes, dir);
  if (isZip(bytes)) return withoutFormulasFile(bytes, source);
  return source;
}

/** The file to convert: `source` itself, or a copy beside it without formulas (same name, own folder). */
async function withoutFormulasFile(bytes: Buffer, source: string): Promise<string> {
  const rewritten = await archiveWithoutFormulas(bytes);
  if (!rewritten) return source;
  const dir = path.join(path.dirname(source), 'no-formulas');
  await fsp.mkdir(dir);
  const file = path.join(dir, path.basename(source));
  await fsp.writeFile(file, rewritten);
  return file;
}
