import { DEFAULT_MIME_TYPE, DOCUMENT_STATE } from '@sinetti/contract';
import type { DbOrTx } from '../../db/client.ts';
import { latestProcessOf, type ProcessRow } from '../signing/signees.ts';
import type { DocumentAccess } from '../../policies/documents.ts';
import type { DocumentRow } from './columns.ts';

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

/** The PDF rendition of an authorized document (or of one of its versions), or null before it exists. */
export function pdfOf(
  row: DocumentAccess<Pick<DocumentRow, 'pdfKey' | 'pdfSha256' | 'pdfSize'>>,
): Rendition | null {
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
  row: DocumentAccess<Pick<DocumentRow, 'id' | 'organizationId' | 'state'>>,
): Promise<(Rendition & { process: ProcessRow }) | null> {
  if (row.state !== DOCUMENT_STATE.Signed && row.state !== DOCUMENT_STATE.Archived) return null;
  const process = await latestProcessOf(db, row);
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
export function previewOf(row: DocumentAccess<DocumentRow>): Rendition | null {
  return pdfOf(row) ?? originalOf(row);
}
