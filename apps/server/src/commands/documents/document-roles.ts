import type { P } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { documentRoles } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import type { Authorized } from '../../policies/index.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { recordAudit } from '../audit.ts';
import { notifyRoleHolders } from '../notifications/notify.ts';
import { lockTree } from './common.ts';

type RoleRef = { id: string; name: string; organizationId: string };

/**
 * Gives a role to a document or folder. The tree lock orders it with moves and copies; a trigger then
 * recomputes the effective roles of the document and everything under it (migration 0008). The role's
 * holders are told (a document-shared notification).
 */
export async function addDocumentRole(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_EDIT_ROLES>,
  role: Authorized<RoleRef, typeof P.DOCUMENTS_EDIT_ROLES>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockTree(tx, doc.organizationId);
    const row = await relock(tx, doc);
    const added = await tx
      .insert(documentRoles)
      .values({ documentId: row.id, roleId: role.id, organizationId: row.organizationId })
      .onConflictDoNothing()
      .returning({ roleId: documentRoles.roleId });
    if (added.length === 0) return;
    await recordAudit(tx, auditOf(actor), 'document.role-added', {
      organizationId: row.organizationId,
      subjectId: row.id,
      data: { roleId: role.id, role: role.name },
    });
    await notifyRoleHolders(
      tx,
      ctx.clock.now(),
      {
        organizationId: row.organizationId,
        documentId: row.id,
        documentName: row.name,
        roleId: role.id,
        roleName: role.name,
      },
      actor.account.id,
    );
  });
}

/** Takes a role from a document or folder (nothing changes when it did not have it). */
export async function removeDocumentRole(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_DELETE_ROLES>,
  role: Authorized<RoleRef, typeof P.DOCUMENTS_DELETE_ROLES>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockTree(tx, doc.organizationId);
    const row = await relock(tx, doc);
    const removed = await tx
      .delete(documentRoles)
      .where(and(eq(documentRoles.documentId, row.id), eq(documentRoles.roleId, role.id)))
      .returning({ roleId: documentRoles.roleId });
    if (removed.length === 0) return;
    await recordAudit(tx, auditOf(actor), 'document.role-removed', {
      organizationId: row.organizationId,
      subjectId: row.id,
      data: { roleId: role.id, role: role.name },
    });
  });
}
