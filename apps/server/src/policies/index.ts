import { permissionKeyOf } from '@sinetti/contract';
import type { OrganizationActor } from '../http/actor.ts';
import type { OrganizationRow } from './membership.ts';
import { AppError } from '../lib/errors.ts';
import type { Action } from './actions.ts';
import { grant, type Authorized, type AuthorizedScope } from './authorized.ts';

export type { Action } from './actions.ts';
export type { Authorized, AuthorizedScope, Scope } from './authorized.ts';

/** Anything that lives inside one organization. */
export interface OrganizationScoped {
  organizationId: string;
}

/** Whether the member holds the permission (the owner holds every one; 'owner' only the owner). */
export function can(actor: Pick<OrganizationActor, 'membership'>, action: Action): boolean {
  if (action === 'owner') return actor.membership.isOwner;
  return actor.membership.permissions.has(action);
}

/** FORBIDDEN unless the member may do the action. */
function demand(actor: OrganizationActor, action: Action): void {
  if (!can(actor, action)) {
    const what = action === 'owner' ? 'the organization owner' : `permission ${permissionKeyOf(action)}`;
    throw new AppError('FORBIDDEN', `This needs ${what}.`);
  }
}

/**
 * Authorizes an action in the caller's organization (FORBIDDEN without the permission) and answers the
 * scope that organization-scoped queries and commands take.
 */
export function authorize<const A extends Action>(actor: OrganizationActor, action: A): AuthorizedScope<A> {
  demand(actor, action);
  const { membership, account } = actor;
  return grant(
    {
      organizationId: membership.organization.id,
      accountId: account.id,
      seesAll: membership.isOwner,
      roleIds: membership.roles.map((r) => r.id),
    },
    action,
  );
}

/**
 * Authorizes an action on the caller's organization itself (inviting to it, reading its balance): the
 * organization row, branded for that action, for commands and queries that need more than its id.
 */
export function authorizeOrganization<const A extends Action>(
  actor: OrganizationActor,
  action: A,
): Authorized<OrganizationRow, A> {
  demand(actor, action);
  return grant(actor.membership.organization, action);
}

/**
 * The organization an account has just created, as its owner may act on it (the owner holds every
 * permission): for the setup wizard, which creates an organization and invites to it in one step.
 * Throws unless the account owns it.
 */
export function asCreator<const A extends Action>(
  organization: OrganizationRow,
  accountId: string,
  action: A,
): Authorized<OrganizationRow, A> {
  if (organization.ownerAccountId !== accountId) throw new AppError('FORBIDDEN', 'Not the owner.');
  return grant(organization, action);
}

/**
 * Authorizes an action on one object of an organization: FORBIDDEN without the permission (which says
 * nothing about any object), then NOT_FOUND when there is none or it belongs to another organization (its
 * existence is never revealed).
 */
export function authorizeSubject<S extends OrganizationScoped, const A extends Action>(
  actor: OrganizationActor,
  action: A,
  subject: S | null | undefined,
): Authorized<S, A> {
  demand(actor, action);
  if (!subject || subject.organizationId !== actor.membership.organization.id) {
    throw new AppError('NOT_FOUND', 'Not found.');
  }
  return grant(subject, action);
}
