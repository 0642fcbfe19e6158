import type { P } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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

/** The row the roles change on, locked, inside the caller's transaction. */
type LockedDocument = Awaited<ReturnType<typeof relock>>;

/** Gives the role (nothing when it has it already): audit event, and the role's holders are told. */
async function giveRole(
  tx: DbOrTx,
  ctx: AppContext,
  actor: OrganizationActor,
  row: LockedDocument,
  role: Authorized<RoleRef, typeof P.DOCUMENTS_EDIT_ROLES>,
): Promise<void> {
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
}

/** Takes the role away (nothing when it did not have it), with an audit event. */
async function takeRole(
  tx: DbOrTx,
  actor: OrganizationActor,
  row: LockedDocument,
  role: Authorized<RoleRef, typeof P.DOCUMENTS_DELETE_ROLES>,
): Promise<void> {
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
}

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
  await changeDocumentRoles(ctx, actor, { give: { doc, roles: [role] } });
}

/** Takes a role from a document or folder (nothing changes when it did not have it). */
export async function removeDocumentRole(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_DELETE_ROLES>,
  role: Authorized<RoleRef, typeof P.DOCUMENTS_DELETE_ROLES>,
): Promise<void> {
  await changeDocumentRoles(ctx, actor, { take: { doc, roles: [role] } });
}

/**
 * Gives and takes away several roles of one document or folder in one transaction, all or none (issue #31:
 * one call at a time, the first role given could hide the item from the caller, and the next call answered
 * 404 with half the change saved). Each side comes with the document authorized for it: documents edit
 * roles (23) to give, documents delete roles (26) to take away.
 */
export async function changeDocumentRoles(
  ctx: AppContext,
  actor: OrganizationActor,
  change: {
    give?: {
      doc: AuthorizedDocument<typeof P.DOCUMENTS_EDIT_ROLES>;
      roles: Authorized<RoleRef, typeof P.DOCUMENTS_EDIT_ROLES>[];
    };
    take?: {
      doc: AuthorizedDocument<typeof P.DOCUMENTS_DELETE_ROLES>;
      roles: Authorized<RoleRef, typeof P.DOCUMENTS_DELETE_ROLES>[];
    };
  },
): Promise<void> {
  const { give, take } = change;
  const target = give?.doc ?? take?.doc;
  if (!target) return;
  await ctx.db.transaction(async (tx) => {
    await lockTree(tx, target.organizationId);
    if (take) {
      const row = await relock(tx, take.doc);
      for (const role of take.roles) await takeRole(tx, actor, row, role);
    }
    if (give) {
      const row = await relock(tx, give.doc);
      for (const role of give.roles) await giveRole(tx, ctx, actor, row, role);
    }
  });
}
