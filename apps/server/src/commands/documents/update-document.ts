import { DOCUMENT_STATE, type P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { recordAudit } from '../audit.ts';

/** Renames; an unchanged name writes nothing (and keeps the updated time). */
export async function renameDocument(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  name: string,
): Promise<DocumentRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await relock(tx, doc);
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

/** Archive (from draft, published or signed) or restore (to the state it had before). */
export async function setArchived(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  archived: boolean,
): Promise<DocumentRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await relock(tx, doc);
    assertAllowed(archived ? documentRules.archive(row) : documentRules.restore(row));
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
