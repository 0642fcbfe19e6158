import { mimeTypeOf, type CreateType, type P } from '@sinetti/contract';
import { documents } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import type { AuthorizedDocument } from '../../policies/documents.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { recordAudit } from '../audit.ts';
import { enqueueRendition, lockParentForInsert, newDocumentBase } from './common.ts';

/**
 * A new folder, or a new contract or template: its row now, its empty DOCX and PDF rendition made by a
 * background job queued in the same transaction (conversion status `pending` until then).
 */
export async function createDocument(
  ctx: AppContext,
  actor: OrganizationActor,
  scope: AuthorizedScope<typeof P.DOCUMENTS_CREATE>,
  into: AuthorizedDocument<typeof P.DOCUMENTS_CREATE> | null,
  input: { type: CreateType; name: string },
): Promise<DocumentRow> {
  return ctx.db.transaction(async (tx) => {
    const parent = await lockParentForInsert(tx, into);
    const now = ctx.clock.now();
    const folder = input.type === 'folder';
    const [row] = await tx
      .insert(documents)
      .values({
        ...newDocumentBase(actor, { parentId: parent?.id ?? null, name: input.name, type: input.type }, now),
        extension: folder ? '' : 'docx',
        mimeType: folder ? null : mimeTypeOf('docx'),
        conversionStatus: folder ? 'none' : 'pending',
      })
      .returning(documentColumns);
    if (!row) throw new Error('document insert returned nothing');
    await enqueueRendition(tx, now, row);
    await recordAudit(tx, auditOf(actor), 'document.created', {
      organizationId: scope.organizationId,
      subjectId: row.id,
      data: { type: row.type },
    });
    return row;
  });
}
