import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { mimeTypeOf, type P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { putHashed } from '../../services/blob-store/index.ts';
import { isZip } from '../../services/conversion/archive.ts';
import { recordAudit } from '../audit.ts';
import { enqueueRendition, newBlobKey } from './common.ts';
import { assertNotLockedByOther } from './edit-lock.ts';
import { addVersion } from './versions.ts';

const conflict = () =>
  new AppError(
    'CONFLICT',
    'The document was saved by someone else since you opened it. Open it again to see their changes.',
  ).because('EDIT_CONFLICT');

/**
 * Saves the browser editor's DOCX (or a DOCX uploaded as a new version) as the document's file and its
 * next version (issue 13 items 1 and 3); the same bytes again add nothing. `base` is the SHA-256 of the
 * file the editor opened (If-Match): a document saved by anyone since is refused, never overwritten
 * silently. The file is stored first, then swapped in under the document's row lock with the same check;
 * the PDF rendition and search text are made again by the background conversion, and the old PDF stays
 * the preview until the new one is ready. The DOCX is untrusted like any upload: only its ZIP signature is
 * checked here; the conversion job reads it within the archive limits in its sandbox.
 */
export async function saveEditedContent(
  ctx: AppContext,
  actor: OrganizationActor,
  authorized: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  docx: Buffer,
  base: string | null,
  origin: 'edited' | 'uploaded' = 'edited',
): Promise<DocumentRow> {
  assertAllowed(documentRules.edit(authorized), 'CONFLICT');
  if (base === null) {
    throw new AppError('VALIDATION_FAILED', 'Send the SHA-256 of the file you edited as If-Match.', {
      'if-match': 'Required.',
    });
  }
  if (base !== authorized.sha256) throw conflict();
  if (!isZip(docx)) {
    throw new AppError('VALIDATION_FAILED', 'That is not a DOCX file.', { file: 'Not a DOCX file.' });
  }
  if (createHash('sha256').update(docx).digest('hex') === base) return authorized; // nothing changed: no new version
  const stored = await putHashed(ctx.blobs, newBlobKey(authorized.organizationId), Readable.from([docx]), {
    contentType: mimeTypeOf('docx'),
  });
  try {
    return await ctx.db.transaction(async (tx) => {
      const doc = await relock(tx, authorized);
      assertAllowed(documentRules.edit(doc), 'CONFLICT');
      if (doc.sha256 !== base) throw conflict();
      const now = ctx.clock.now();
      // Someone else has it open in the editor: their save would otherwise meet EDIT_CONFLICT later.
      await assertNotLockedByOther(tx, doc.id, actor.account.id, now);
      const [row] = await tx
        .update(documents)
        .set({
          blobKey: stored.key,
          size: stored.size,
          sha256: stored.sha256,
          conversionStatus: 'pending',
          conversionError: null,
          conversionFailure: null,
          updatedAt: now,
        })
        .where(eq(documents.id, doc.id))
        .returning(documentColumns);
      if (!row) throw new Error('The document row was not updated.');
      const file = {
        extension: row.extension,
        blobKey: stored.key,
        size: stored.size,
        sha256: stored.sha256,
      };
      const version = await addVersion(tx, row, file, { origin, by: actor.account.id, at: now });
      await enqueueRendition(tx, now, row);
      await recordAudit(tx, auditOf(actor), 'document.edited', {
        organizationId: doc.organizationId,
        subjectId: doc.id,
        data: { from: base, to: stored.sha256, size: stored.size, version, origin },
      });
      return row;
    });
  } catch (err) {
    await ctx.blobs.delete(stored.key).catch(() => undefined);
    throw err;
  }
}
