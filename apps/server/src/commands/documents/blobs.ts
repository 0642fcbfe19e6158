import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.ts';
import { BlobNotFoundError, readBytes, type BlobStore } from '../../services/blob-store/index.ts';

// A document's stored files (its own, its versions', its previews'), for the routes and commands that read them.

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

/** Reads a document's stored file whole; a missing one is FILE_NOT_FOUND as in openBlob. */
export async function readBlob(blobs: BlobStore, key: string): Promise<Buffer> {
  return readBytes(await openBlob(blobs, key));
}
