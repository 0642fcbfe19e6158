import type { P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { fileColumnsOf, findVersion } from '../../queries/documents/versions.ts';
import { recordAudit } from '../audit.ts';
import { enqueueRendition } from './common.ts';
import { assertNotLockedByOther } from './edit-lock.ts';
import { addVersion } from './versions.ts';

const noVersion = () => new AppError('NOT_FOUND', 'The document has no such version.');

/**
 * Makes an earlier version the document's file again, as its next version (issue 13 item 3): nothing is
 * overwritten, the restore itself can be undone the same way. The version's blobs are shared, not copied;
 * its PDF and text come back with it (or are made again when it never had them). Only what the editor
 * edits can be restored (an editable document, a DOCX version); an editor open on the replaced file meets
 * EDIT_CONFLICT when it saves.
 */
export async function restoreVersion(
  ctx: AppContext,
  actor: OrganizationActor,
  authorized: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  number: number,
): Promise<DocumentRow> {
  return ctx.db.transaction(async (tx) => {
    const doc = await relock(tx, authorized);
    assertAllowed(documentRules.edit(doc));
    await assertNotLockedByOther(tx, doc.id, actor.account.id, ctx.clock.now());
    const version = await findVersion(tx, doc, number);
    if (!version) throw noVersion();
    assertAllowed(documentRules.edit({ ...doc, extension: version.extension }));
    if (version.sha256 === doc.sha256) {
      throw new AppError('CONFLICT', `Version ${number} already is the current file.`).because(
        'VERSION_IS_CURRENT',
      );
    }
    const now = ctx.clock.now();
    const hasPdf = version.pdfKey !== null;
    const [row] = await tx
      .update(documents)
      .set({
        ...fileColumnsOf(version),
        contentText: version.contentText,
        conversionStatus: hasPdf ? 'done' : 'pending',
        conversionError: null,
        conversionFailure: null,
        updatedAt: now,
      })
      .where(eq(documents.id, doc.id))
      .returning(documentColumns);
    if (!row) throw noVersion();
    const made = await addVersion(tx, row, version, {
      origin: 'restored',
      by: actor.account.id,
      at: now,
      restoredFrom: number,
    });
    if (!hasPdf) await enqueueRendition(tx, now, row);
    await recordAudit(tx, auditOf(actor), 'document.version-restored', {
      organizationId: doc.organizationId,
      subjectId: doc.id,
      data: { restoredFrom: number, version: made, sha256: version.sha256 },
    });
    return row;
  });
}
