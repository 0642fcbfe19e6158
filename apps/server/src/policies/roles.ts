import { P, type RoleAbilities } from '@sinetti/contract';
import type { OrganizationActor } from '../http/actor.ts';
import { AppError } from '../lib/errors.ts';
import { authorize, authorizeSubject, can } from './index.ts';

/**
 * Rules of roles and permissions (docs/decisions.md "Roles and permissions"). A non-owner acts only on what
 * they hold: they set (grant or take away) only permissions they hold, and assign, take away or delete only
 * roles that grant nothing they lack. The owner holds every permission, so nothing limits the owner, and no
 * role change can reduce the owner's powers (they never come from roles).
 */

/** How much of the roles the caller may see: none, the roles themselves, or also who holds them. */
export type RolesView = 'none' | 'roles' | 'holders';

export function rolesViewOf(actor: OrganizationActor): RolesView {
  if (can(actor, P.USERS_VIEW_ROLES) || can(actor, P.USERS_EDIT_ROLES)) return 'holders';
  if (can(actor, P.ORG_VIEW_ROLES)) return 'roles';
  return 'none';
}

/** Listing or reading roles: organization view roles (5), users view roles (12) or users edit roles (15). */
export function authorizeRolesView(actor: OrganizationActor): Exclude<RolesView, 'none'> {
  const view = rolesViewOf(actor);
  if (view === 'none') {
    throw new AppError('FORBIDDEN', 'This needs permission organization.view.roles or users.view.roles.');
  }
  return view;
}

/** Whether the caller holds every one of these permissions. */
export function holdsAll(actor: OrganizationActor, permissions: readonly number[]): boolean {
  return actor.membership.isOwner || permissions.every((id) => actor.membership.permissions.has(id));
}

function refuseUnless(allowed: boolean, message: string): void {
  if (!allowed) throw new AppError('FORBIDDEN', message).because('PERMISSION_NOT_HELD');
}

export interface RoleSubject {
  organizationId: string;
  isDefault: boolean;
  permissions: number[];
}

/** Creating a role (organization edit roles, 9). */
export function authorizeRoleCreate(actor: OrganizationActor): void {
  authorize(actor, P.ORG_EDIT_ROLES);
}

/** Changing a role: edit roles (9), and a non-owner changes only permissions they hold. */
export function authorizeRoleUpdate<R extends RoleSubject>(
  actor: OrganizationActor,
  role: R | null | undefined,
  changedPermissions: readonly number[],
): asserts role is R {
  authorizeSubject(actor, P.ORG_EDIT_ROLES, role);
  refuseUnless(
    holdsAll(actor, changedPermissions),
    'You can only grant or take away permissions that you hold yourself.',
  );
}

/** Deleting a role: edit roles (9), a role that grants nothing the caller lacks, never the default role. */
export function authorizeRoleDelete<R extends RoleSubject>(
  actor: OrganizationActor,
  role: R | null | undefined,
): asserts role is R {
  const subject = authorizeSubject(actor, P.ORG_EDIT_ROLES, role);
  refuseUnless(
    holdsAll(actor, subject.permissions),
    'You can only delete roles that grant nothing you lack.',
  );
  if (subject.isDefault) {
    throw new AppError('CONFLICT', 'The default role cannot be deleted.').because('DEFAULT_ROLE');
  }
}

/** Giving a role to a member or taking it away: users edit roles (15), a role that grants nothing the caller lacks. */
export function authorizeRoleAssignment<R extends RoleSubject>(
  actor: OrganizationActor,
  role: R | null | undefined,
): asserts role is R {
  const subject = authorizeSubject(actor, P.USERS_EDIT_ROLES, role);
  refuseUnless(
    holdsAll(actor, subject.permissions),
    'You can only give or take away roles that grant nothing you lack.',
  );
}

/** What the caller may do with a role (sent with it, so the web app gates on the server's answer). */
export function roleAbilitiesOf(actor: OrganizationActor, role: RoleSubject): RoleAbilities {
  const coversRole = holdsAll(actor, role.permissions);
  const edit = can(actor, P.ORG_EDIT_ROLES);
  return {
    edit,
    delete: edit && coversRole && !role.isDefault,
    assign: can(actor, P.USERS_EDIT_ROLES) && coversRole,
  };
}
