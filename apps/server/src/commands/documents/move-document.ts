import { P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { isSelfOrDescendant } from '../../queries/documents/tree.ts';
import { recordAudit } from '../audit.ts';
import { loadAuthorized, lockTree, resolveParent } from './common.ts';

/**
 * Moves a document or folder into a folder of the same organization (target 'root': the top level).
 * Never into itself or anything under it (400). Tree changes of one organization are serialised, so two
 * crossing moves cannot make a cycle.
 */
export async function moveDocument(
  ctx: AppContext,
  actor: OrganizationActor,
  id: string,
  target: string,
): Promise<DocumentRow> {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx, actor.membership.organization.id);
    const row = await loadAuthorized(tx, actor, P.DOCUMENTS_EDIT, id);
    const parent = await resolveParent(tx, actor, P.DOCUMENTS_EDIT, target === 'root' ? null : target);
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
