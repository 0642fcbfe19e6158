import type { P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { isSelfOrDescendant } from '../../queries/documents/tree.ts';
import { recordAudit } from '../audit.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { lockTree } from './common.ts';

/**
 * Moves a document or folder into a folder of the same organization (target 'root': the top level).
 * Never into itself or anything under it (400). Tree changes of one organization are serialised, so two
 * crossing moves cannot make a cycle.
 */
export async function moveDocument(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  target: AuthorizedDocument<typeof P.DOCUMENTS_EDIT> | null,
): Promise<DocumentRow> {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx, doc.organizationId);
    const row = await relock(tx, doc, 'share');
    const parent = target && (await relock(tx, target, 'share'));
    if (parent && (await isSelfOrDescendant(tx, row.id, parent.id))) {
      throw new AppError('VALIDATION_FAILED', 'A folder cannot be moved into itself or its own subfolder.', {
        target: 'Inside the document being moved.',
      });
    }
    const parentId = parent?.id ?? null;
    if (row.parentId === parentId) return row;
    const [updated] = await tx
      .update(documents)
      .set({ parentId, updatedAt: ctx.clock.now() })
      .where(eq(documents.id, row.id))
      .returning(documentColumns);
    await recordAudit(tx, auditOf(actor), 'document.moved', {
      organizationId: row.organizationId,
      subjectId: row.id,
      data: { from: row.parentId, to: parentId },
    });
    return updated ?? row;
  });
}
