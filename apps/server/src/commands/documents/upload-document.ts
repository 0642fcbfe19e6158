import type { Readable } from 'node:stream';
import { extensionOf, isUploadAllowed, mimeTypeOf, type P, type UploadType } from '@sinetti/contract';
import { documents } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { putHashed, type StoredBlob } from '../../services/blob-store/index.ts';
import { SNIFF_BYTES, contentMatchesExtension, needsConversion } from '../../services/file-type/index.ts';
import {
  TailKeeper,
  checksZipOnUpload,
  isOle2,
  zipUploadRefusal,
} from '../../services/conversion/upload-check.ts';
import { addFirstVersions } from './versions.ts';
import { recordAudit } from '../audit.ts';
import type { AuthorizedDocument } from '../../policies/documents.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { enqueueRendition, newBlobKey, lockParentForInsert, newDocumentBase } from './common.ts';

export interface StoredUpload extends StoredBlob {
  extension: string;
}

/**
 * Streams an uploaded file into the blob store. The type must be offered for the extension on the
 * organization's platform (SPEC §5) and the first bytes must agree with the extension (415
 * UNSUPPORTED_FILE_TYPE); a file cut at the size limit is 413 FILE_TOO_LARGE. An office ZIP (DOCX, ODT,
 * EPUB...) whose central directory states more than the conversion limits is 413 FILE_TOO_LARGE with reason
 * UPLOAD_EXPANDS_TOO_MUCH, one with password-encrypted entries 415 with UPLOAD_ENCRYPTED: refused here,
 * before any job or converter slot is spent on it (upload-check.ts). On any failure nothing is kept.
 */
export async function storeUpload(
  ctx: AppContext,
  actor: OrganizationActor,
  input: { type: UploadType; fileName: string; file: Readable; truncated: () => boolean },
): Promise<StoredUpload> {
  const extension = extensionOf(input.fileName);
  if (!isUploadAllowed(actor.membership.organization.platform, input.type, extension)) {
    input.file.resume();
    throw new AppError(
      'UNSUPPORTED_FILE_TYPE',
      extension
        ? `A .${extension} file cannot be uploaded as ${input.type}.`
        : `A file without an extension cannot be uploaded as ${input.type}.`,
    );
  }
  const key = newBlobKey(actor.membership.organization.id);
  const tail = checksZipOnUpload(extension) ? new TailKeeper() : null;
  if (tail) {
    input.file.on('error', (err) => tail.destroy(err));
    input.file.pipe(tail);
  }
  const stored = await putHashed(ctx.blobs, key, tail ?? input.file, {
    contentType: mimeTypeOf(extension),
    headBytes: SNIFF_BYTES,
    checkHead: (head, total) => {
      if (total === 0)
        return new AppError('VALIDATION_FAILED', 'The file is empty.', { file: 'Empty file.' });
      if (!contentMatchesExtension(extension, head)) {
        // Office saves a password-protected DOCX (XLSX, PPTX) as an OLE2 container of its encrypted package.
        if (tail && isOle2(head)) {
          return new AppError('UNSUPPORTED_FILE_TYPE', `The .${extension} file is encrypted.`).because(
            'UPLOAD_ENCRYPTED',
          );
        }
        return new AppError('UNSUPPORTED_FILE_TYPE', `The content of the file is not a .${extension} file.`);
      }
      return null;
    },
    checkEnd: (size) => {
      if (input.truncated()) {
        return new AppError(
          'FILE_TOO_LARGE',
          `The file is larger than ${ctx.config.uploads.maxBytes} bytes.`,
        );
      }
      const refusal = tail ? zipUploadRefusal(tail.tail(), size) : null;
      if (refusal?.kind === 'TOO_LARGE') {
        return new AppError('FILE_TOO_LARGE', refusal.message).because('UPLOAD_EXPANDS_TOO_MUCH');
      }
      if (refusal?.kind === 'ENCRYPTED') {
        return new AppError('UNSUPPORTED_FILE_TYPE', refusal.message).because('UPLOAD_ENCRYPTED');
      }
      return null;
    },
  });
  return { ...stored, extension };
}

/** The row of a stored upload, with its rendition job queued in the same transaction. */
export async function insertUploadedDocument(
  ctx: AppContext,
  actor: OrganizationActor,
  scope: AuthorizedScope<typeof P.DOCUMENTS_CREATE>,
  into: AuthorizedDocument<typeof P.DOCUMENTS_CREATE> | null,
  input: { type: UploadType; name: string; stored: StoredUpload },
): Promise<DocumentRow> {
  const { stored } = input;
  const isPdf = stored.extension === 'pdf';
  return ctx.db.transaction(async (tx) => {
    const parent = await lockParentForInsert(tx, into);
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(documents)
      .values({
        ...newDocumentBase(actor, { parentId: parent?.id ?? null, name: input.name, type: input.type }, now),
        extension: stored.extension,
        mimeType: mimeTypeOf(stored.extension),
        blobKey: stored.key,
        size: stored.size,
        sha256: stored.sha256,
        pdfKey: isPdf ? stored.key : null,
        pdfSize: isPdf ? stored.size : null,
        pdfSha256: isPdf ? stored.sha256 : null,
        conversionStatus: needsConversion(stored.extension) ? 'pending' : 'none',
      })
      .returning(documentColumns);
    if (!row) throw new Error('document insert returned nothing');
    await addFirstVersions(tx, [row], { origin: 'uploaded', by: actor.account.id, at: now });
    await enqueueRendition(tx, now, row);
    await recordAudit(tx, auditOf(actor), 'document.uploaded', {
      organizationId: scope.organizationId,
      subjectId: row.id,
      data: { type: row.type, sha256: stored.sha256, size: stored.size },
    });
    return row;
  });
}
