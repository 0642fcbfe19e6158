import type { Readable } from 'node:stream';
import { DEFAULT_MIME_TYPE, DOCUMENT_STATE } from '@sinetti/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { latestProcessOf, type ProcessRow } from '../../queries/signing/signees.ts';
import { BlobNotFoundError, type BlobStore } from '../../services/blob-store/index.ts';

export interface Rendition {
  key: string;
  sha256: string;
  size: number | null;
  mimeType: string;
  extension: string;
}

/** The original file as stored, or null (a folder, or a new document whose file is still being made). */
export function originalOf(row: DocumentRow): Rendition | null {
  if (!row.blobKey || !row.sha256) return null;
  return {
    key: row.blobKey,
    sha256: row.sha256,
    size: row.size,
    mimeType: row.mimeType ?? DEFAULT_MIME_TYPE,
    extension: row.extension,
  };
}

export function pdfOf(row: DocumentRow): Rendition | null {
  if (!row.pdfKey || !row.pdfSha256) return null;
  return {
    key: row.pdfKey,
    sha256: row.pdfSha256,
    size: row.pdfSize,
    mimeType: 'application/pdf',
    extension: 'pdf',
  };
}

/**
 * The signed and sealed PDF of a document whose latest round is completed (state Signed, or archived
 * after it), with that round, or null. The preview shows it instead of the original; sending its bytes
 * is recorded like a download (the content route calls recordDownload).
 */
export async function signedPdfOf(
  db: DbOrTx,
  row: DocumentRow,
): Promise<(Rendition & { process: ProcessRow }) | null> {
  if (row.state !== DOCUMENT_STATE.Signed && row.state !== DOCUMENT_STATE.Archived) return null;
  const process = await latestProcessOf(db, row.id);
  if (process?.state !== 'completed' || !process.signedKey || !process.signedSha256) return null;
  return {
    key: process.signedKey,
    sha256: process.signedSha256,
    size: null,
    mimeType: 'application/pdf',
    extension: 'pdf',
    process,
  };
}

/** What a preview shows: the PDF rendition when there is one, else the original. */
export function previewOf(row: DocumentRow): Rendition | null {
  return pdfOf(row) ?? originalOf(row);
}

/** Opens a blob; a row whose blob is gone is FILE_NOT_FOUND (SPEC §8), never a 500. */
export async function openBlob(blobs: BlobStore, key: string): Promise<Readable> {
  try {
    return await blobs.get(key);
  } catch (err) {
    if (err instanceof BlobNotFoundError) {
      throw new AppError('FILE_NOT_FOUND', 'The stored file of this document is missing. Contact support.');
    }
    throw err;
  }
}

export async function readBlob(blobs: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openBlob(blobs, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The download name: the document's name with the file's extension. */
export function downloadName(row: DocumentRow, extension: string): string {
  if (!extension || row.name.toLowerCase().endsWith(`.${extension}`)) return row.name;
  return `${row.name}.${extension}`;
}
