import { P, type RoleAbilities } from '@sinetti/contract';
import type { OrganizationActor } from '../http/actor.ts';
import { AppError } from '../lib/errors.ts';
import { grant, regrant, type Authorized } from './authorized.ts';
import { authorize, can } from './index.ts';

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

/** What may read the organization's roles: organization view roles (5), users view roles (12) or either edit roles. */
export type RolesReadAction =
  typeof P.ORG_VIEW_ROLES | typeof P.USERS_VIEW_ROLES | typeof P.ORG_EDIT_ROLES | typeof P.USERS_EDIT_ROLES;

/** An organization authorized for reading its roles: what listRoles and findRole take. */
export type RolesAccess = Authorized<{ organizationId: string }, RolesReadAction>;

/**
 * Listing or reading roles: organization view roles (5), users view roles (12) or users edit roles (15).
 * Answers the organization authorized for it, with how much of the roles the caller sees.
 */
export function authorizeRolesView(
  actor: OrganizationActor,
): Authorized<{ organizationId: string; view: Exclude<RolesView, 'none'> }, RolesReadAction> {
  const view = rolesViewOf(actor);
  if (view === 'none') {
    throw new AppError('FORBIDDEN', 'This needs permission organization.view.roles or users.view.roles.');
  }
  const action: RolesReadAction = can(actor, P.USERS_VIEW_ROLES)
    ? P.USERS_VIEW_ROLES
    : can(actor, P.USERS_EDIT_ROLES)
      ? P.USERS_EDIT_ROLES
      : P.ORG_VIEW_ROLES;
  return grant({ organizationId: actor.membership.organization.id, view }, action);
}

/** What a permission check needs of the caller: the owner holds every permission. */
interface Holder {
  isOwner: boolean;
  held: ReadonlySet<number>;
}

const holderOf = (actor: OrganizationActor): Holder => ({
  isOwner: actor.membership.isOwner,
  held: actor.membership.permissions,
});

/** Whether the caller holds every one of these permissions. */
export function holdsAll(holder: Holder, permissions: readonly number[]): boolean {
  return holder.isOwner || permissions.every((id) => holder.held.has(id));
}

export interface RoleSubject {
  organizationId: string;
  isDefault: boolean;
  permissions: number[];
}

/** The caller as one who changes roles: their organization and what they hold. */
export interface RoleEditor extends Holder {
  organizationId: string;
}

type RoleAction = typeof P.ORG_EDIT_ROLES | typeof P.USERS_EDIT_ROLES;

/**
 * Authorizes changing roles: organization edit roles (9) to create, change or delete one, users edit roles
 * (15) to give one to a member or take it away. The commands take the answer; what they may do to a given
 * role, read under their lock, is decided by the rules below.
 */
export function authorizeRoleEditor<const A extends RoleAction>(
  actor: OrganizationActor,
  action: A,
): Authorized<RoleEditor, A> {
  const scope = authorize(actor, action);
  return grant({ organizationId: scope.organizationId, ...holderOf(actor) }, action);
}

/** The role as the editor may act on it: NOT_FOUND when there is none or it is another organization's. */
export function editableRole<R extends RoleSubject, A extends RoleAction>(
  editor: Authorized<RoleEditor, A>,
  role: R | null | undefined,
): Authorized<R, A> {
  if (!role || role.organizationId !== editor.organizationId) throw new AppError('NOT_FOUND', 'Not found.');
  return regrant(role, editor);
}

export type RoleRefusal = 'PERMISSION_NOT_HELD' | 'DEFAULT_ROLE';

/**
 * Changing a role: a non-owner sets (grants or takes away) only permissions they hold, and renames only a
 * role that grants nothing they lack (as for deleting or assigning it: a name is how others choose a role).
 */
export function roleUpdateRule(
  editor: RoleEditor,
  role: RoleSubject,
  change: { permissions: readonly number[]; rename: boolean },
): RoleRefusal | null {
  if (!holdsAll(editor, change.permissions)) return 'PERMISSION_NOT_HELD';
  return change.rename && !holdsAll(editor, role.permissions) ? 'PERMISSION_NOT_HELD' : null;
}

/** Deleting a role: one that grants nothing the caller lacks, never the default role. */
export function roleDeleteRule(editor: RoleEditor, role: RoleSubject): RoleRefusal | null {
  if (!holdsAll(editor, role.permissions)) return 'PERMISSION_NOT_HELD';
  return role.isDefault ? 'DEFAULT_ROLE' : null;
}

/** Giving a role to a member or taking it away: a role that grants nothing the caller lacks. */
export function roleAssignmentRule(editor: RoleEditor, role: RoleSubject): RoleRefusal | null {
  return holdsAll(editor, role.permissions) ? null : 'PERMISSION_NOT_HELD';
}

const REFUSALS = {
  update:
    'You can only grant or take away permissions that you hold yourself, and rename only roles that grant nothing you lack.',
  delete: 'You can only delete roles that grant nothing you lack.',
  assign: 'You can only give or take away roles that grant nothing you lack.',
} as const;

/** Throws a rule's refusal: FORBIDDEN for a permission the caller lacks, CONFLICT for the default role. */
export function refuseRole(refusal: RoleRefusal | null, change: keyof typeof REFUSALS): void {
  if (refusal === 'PERMISSION_NOT_HELD') {
    throw new AppError('FORBIDDEN', REFUSALS[change]).because('PERMISSION_NOT_HELD');
  }
  if (refusal === 'DEFAULT_ROLE') {
    throw new AppError('CONFLICT', 'The default role cannot be deleted.').because('DEFAULT_ROLE');
  }
}

/** What the caller may do with a role (sent with it, so the web app gates on the server's answer). */
export function roleAbilitiesOf(actor: OrganizationActor, role: RoleSubject): RoleAbilities {
  const coversRole = holdsAll(holderOf(actor), role.permissions);
  const edit = can(actor, P.ORG_EDIT_ROLES);
  return {
    edit,
    rename: edit && coversRole,
    delete: edit && coversRole && !role.isDefault,
    assign: can(actor, P.USERS_EDIT_ROLES) && coversRole,
  };
}
