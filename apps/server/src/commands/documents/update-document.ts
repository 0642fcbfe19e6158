import { DOCUMENT_STATE, P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { recordAudit } from '../audit.ts';
import { loadAuthorized } from './common.ts';

/** Renames; an unchanged name writes nothing (and keeps the updated time). */
export async function renameDocument(
  ctx: AppContext,
  actor: OrganizationActor,
  id: string,
  name: string,
): Promise<DocumentRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadAuthorized(tx, actor, P.DOCUMENTS_EDIT, id, 'update');
    if (row.name === name) return row;
    const [updated] = await tx
      .update(documents)
      .set({ name, updatedAt: ctx.clock.now() })
      .where(eq(documents.id, row.id))
      .returning(documentColumns);
    await recordAudit(tx, auditOf(actor), 'document.renamed', {
      organizationId: row.organizationId,
      subjectId: row.id,
      data: { from: row.name, to: name },
    });
    return updated ?? row;
  });
}

/** States an archived document can come from (never while signing; folders are not archived). */
const ARCHIVABLE: readonly number[] = [DOCUMENT_STATE.Draft, DOCUMENT_STATE.Published, DOCUMENT_STATE.Signed];

/** Archive (from draft, published or signed) or restore (to the state it had before). */
export async function setArchived(
  ctx: AppContext,
  actor: OrganizationActor,
  id: string,
  archived: boolean,
): Promise<DocumentRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadAuthorized(tx, actor, P.DOCUMENTS_EDIT, id, 'update');
    if (row.type === 'folder') throw new AppError('CONFLICT', 'Folders are not archived.');
    if (archived && !ARCHIVABLE.includes(row.state)) {
      throw new AppError(
        'CONFLICT',
        row.state === DOCUMENT_STATE.Archived
          ? 'The document is already archived.'
          : 'A document that is being signed cannot be archived.',
      );
    }
    if (!archived && row.state !== DOCUMENT_STATE.Archived) {
      throw new AppError('CONFLICT', 'The document is not archived.');
    }
    const [updated] = await tx
      .update(documents)
      .set(
        archived
          ? { state: DOCUMENT_STATE.Archived, stateBeforeArchive: row.state, updatedAt: ctx.clock.now() }
          : {
              state: row.stateBeforeArchive ?? DOCUMENT_STATE.Draft,
              stateBeforeArchive: null,
              updatedAt: ctx.clock.now(),
            },
      )
      .where(eq(documents.id, row.id))
      .returning(documentColumns);
    await recordAudit(tx, auditOf(actor), archived ? 'document.archived' : 'document.restored', {
      organizationId: row.organizationId,
      subjectId: row.id,
      data: { from: row.state, to: updated?.state },
    });
    return updated ?? row;
  });
}
