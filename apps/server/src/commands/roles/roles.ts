import { and, eq, sql } from 'drizzle-orm';
import type { P, PermissionChange } from '@sinetti/contract';
import type { DbOrTx } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Authorized } from '../../policies/index.ts';
import {
  editableRole,
  refuseRole,
  roleDeleteRule,
  roleUpdateRule,
  type RoleEditor,
} from '../../policies/roles.ts';
import { findRole, roleNameTaken, type RoleRow } from '../../queries/roles/roles.ts';
import { recordAudit, type AuditContext } from '../audit.ts';

/** Who may create, change and delete roles: organization edit roles (9), authorized by the route. */
export type RolesEditor = Authorized<RoleEditor, typeof P.ORG_EDIT_ROLES>;

/** Serializes role changes of one organization, so that two roles can never end up with the same name. */
export async function lockRoles(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`roles:${organizationId}`}))`);
}

async function refuseTakenName(
  tx: DbOrTx,
  organizationId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  if (await roleNameTaken(tx, organizationId, name, exceptId)) {
    throw new AppError('CONFLICT', 'Another role already has this name.').because('ROLE_NAME_TAKEN');
  }
}

/** A new role with no permissions (SPEC §4.9: the editor sets them next with role-update). */
export async function addRole(
  ctx: AppContext,
  editor: RolesEditor,
  audit: AuditContext,
  name: string,
): Promise<string> {
  const { organizationId } = editor;
  return ctx.db.transaction(async (tx) => {
    await lockRoles(tx, organizationId);
    await refuseTakenName(tx, organizationId, name);
    const [row] = await tx
      .insert(roles)
      .values({ organizationId, name, isDefault: false, permissions: [] })
      .returning({ id: roles.id });
    if (!row) throw new Error('role insert returned nothing');
    await recordAudit(tx, audit, 'role.created', {
      organizationId,
      subjectId: row.id,
      data: { name },
    });
    return row.id;
  });
}

/** The permission ids whose value the changes actually flip (markers set to 0 change nothing). */
function flips(current: readonly number[], changes: readonly PermissionChange[]) {
  const held = new Set(current);
  const granted = changes.filter((c) => c.permissionValue === 1 && !held.has(c.id)).map((c) => c.id);
  const revoked = changes.filter((c) => c.permissionValue === 0 && held.has(c.id)).map((c) => c.id);
  return { granted, revoked };
}

/** Renames a role and/or sets some of its permissions; the others stay as they are. */
export async function updateRole(
  ctx: AppContext,
  editor: RolesEditor,
  audit: AuditContext,
  id: string,
  change: { name?: string | undefined; permissions?: PermissionChange[] | undefined },
): Promise<RoleRow> {
  return ctx.db.transaction(async (tx) => {
    await lockRoles(tx, editor.organizationId);
    const role = editableRole(editor, await findRole(tx, editor, id, true));
    const { granted, revoked } = flips(role.permissions, change.permissions ?? []);
    const rename = change.name !== undefined && change.name !== role.name;
    refuseRole(roleUpdateRule(editor, role, { permissions: [...granted, ...revoked], rename }), 'update');
    if (rename) await refuseTakenName(tx, role.organizationId, change.name ?? '', role.id);
    if (!rename && granted.length === 0 && revoked.length === 0) return role;
    const permissions = [...role.permissions.filter((p) => !revoked.includes(p)), ...granted].sort(
      (a, b) => a - b,
    );
    await tx
      .update(roles)
      .set({ name: change.name ?? role.name, permissions, updatedAt: ctx.clock.now() })
      .where(and(eq(roles.id, role.id), eq(roles.organizationId, role.organizationId)));
    await recordAudit(tx, audit, 'role.updated', {
      organizationId: role.organizationId,
      subjectId: role.id,
      data: {
        ...(rename ? { name: { from: role.name, to: change.name } } : {}),
        granted,
        revoked,
      },
    });
    return { ...role, name: change.name ?? role.name, permissions };
  });
}

/**
 * Deletes a role. Its holders lose it and stay members of the organization (with no role they hold no
 * permission); the audit event names them.
 */
export async function deleteRole(
  ctx: AppContext,
  editor: RolesEditor,
  audit: AuditContext,
  id: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockRoles(tx, editor.organizationId);
    const role = editableRole(editor, await findRole(tx, editor, id, true));
    refuseRole(roleDeleteRule(editor, role), 'delete');
    await tx.delete(roles).where(and(eq(roles.id, role.id), eq(roles.organizationId, role.organizationId)));
    await recordAudit(tx, audit, 'role.deleted', {
      organizationId: role.organizationId,
      subjectId: role.id,
      data: { name: role.name, permissions: role.permissions, holders: role.accounts },
    });
  });
}
