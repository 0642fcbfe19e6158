import { api, P } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { setRoleHeld } from '../../commands/roles/assignments.ts';
import { addRole, deleteRole, updateRole } from '../../commands/roles/roles.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import { defineRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import {
  authorizeRoleEditor,
  authorizeRolesView,
  roleAbilitiesOf,
  rolesViewOf,
} from '../../policies/roles.ts';
import { presentRole } from '../../presenters/role.ts';
import { findRole, listRoles, type RoleRow } from '../../queries/roles/roles.ts';

/** A role as this caller may see it, with what they may do with it. */
function present(actor: OrganizationActor, row: RoleRow) {
  return presentRole(
    row,
    { accountId: actor.account.id, view: rolesViewOf(actor) },
    roleAbilitiesOf(actor, row),
  );
}

/** SPEC §7.4 roles and their holders (the document roles live with the documents' authorization). */
export function registerRoleRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.privileges.roles,
  )(async ({ actor, ctx }) => {
    const rows = await listRoles(ctx.db, authorizeRolesView(actor));
    return { status: 'OK', roles: rows.map((row) => present(actor, row)) };
  });

  defineRoute(
    app,
    api.privileges.roleInfo,
  )(async ({ params, actor, ctx }) => {
    const row = await findRole(ctx.db, authorizeRolesView(actor), params.id);
    if (!row) throw new AppError('NOT_FOUND', 'Role not found.');
    return { status: 'OK', role: present(actor, row) };
  });

  defineRoute(
    app,
    api.privileges.roleAdd,
  )(async ({ body, actor, ctx }) => {
    const editor = authorizeRoleEditor(actor, P.ORG_EDIT_ROLES);
    const roleId = await addRole(ctx, editor, auditOf(actor), body.name);
    return { status: 'OK', roleId };
  });

  defineRoute(
    app,
    api.privileges.roleUpdate,
  )(async ({ params, body, actor, ctx }) => {
    const editor = authorizeRoleEditor(actor, P.ORG_EDIT_ROLES);
    const row = await updateRole(ctx, editor, auditOf(actor), params.id, body);
    return { status: 'OK', role: present(actor, row) };
  });

  defineRoute(
    app,
    api.privileges.roleDelete,
  )(async ({ params, actor, ctx }) => {
    const editor = authorizeRoleEditor(actor, P.ORG_EDIT_ROLES);
    await deleteRole(ctx, editor, auditOf(actor), params.id);
    return { status: 'OK' };
  });

  defineRoute(
    app,
    api.privileges.assignRole,
  )(async ({ params, body, actor, ctx }) => {
    const assigner = authorizeRoleEditor(actor, P.USERS_EDIT_ROLES);
    const row = await setRoleHeld(ctx, assigner, auditOf(actor), {
      accountId: params.userId,
      roleId: body.roleId,
      held: true,
    });
    return { status: 'OK', role: present(actor, row) };
  });

  defineRoute(
    app,
    api.privileges.unassignRole,
  )(async ({ params, actor, ctx }) => {
    const assigner = authorizeRoleEditor(actor, P.USERS_EDIT_ROLES);
    const row = await setRoleHeld(ctx, assigner, auditOf(actor), {
      accountId: params.userId,
      roleId: params.roleId,
      held: false,
    });
    return { status: 'OK', role: present(actor, row) };
  });
}
