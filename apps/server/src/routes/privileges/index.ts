import { api, permissionKeyOf } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { registerDocumentRoleRoutes } from './document-roles.ts';
import { registerRoleRoutes } from './roles.ts';

export function registerPrivilegeRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.privileges.accountRoles,
  )(async ({ actor }) => {
    const permissions = [...actor.membership.permissions].sort((a, b) => a - b);
    return {
      status: 'OK',
      isOwner: actor.membership.isOwner,
      permissions,
      keys: permissions.map((id) => permissionKeyOf(id) ?? String(id)),
      roles: actor.membership.roles,
    };
  });
  registerRoleRoutes(app);
  registerDocumentRoleRoutes(app);
}
