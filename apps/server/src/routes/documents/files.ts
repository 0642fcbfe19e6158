import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { BlobNotFoundError, type BlobStore } from '../../services/blob-store/index.ts';

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
