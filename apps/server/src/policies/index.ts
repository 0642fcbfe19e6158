import { permissionKeyOf, type PermissionId } from '@sinetti/contract';
import type { OrganizationActor } from '../http/actor.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Actions are permission ids (SPEC §6) or 'owner' for what only the organization owner may do
 * (billing). Every handler authorizes through here; nothing else decides who may do what.
 */
export type Action = PermissionId | 'owner';

/** Anything that lives inside one organization. */
export interface OrganizationScoped {
  organizationId: string;
}

export function can(actor: OrganizationActor, action: Action): boolean {
  if (action === 'owner') return actor.membership.isOwner;
  return actor.membership.permissions.has(action);
}

/**
 * Throws NOT_FOUND when the subject belongs to another organization (its existence is never revealed),
 * FORBIDDEN when the member lacks the permission. After it returns, the subject is known to exist.
 */
export function authorize<S extends OrganizationScoped>(
  actor: OrganizationActor,
  action: Action,
  subject?: S | null | undefined,
): asserts subject is S {
  if (
    subject !== undefined &&
    (subject === null || subject.organizationId !== actor.membership.organization.id)
  ) {
    throw new AppError('NOT_FOUND', 'Not found.');
  }
  if (!can(actor, action)) {
    const what = action === 'owner' ? 'the organization owner' : `permission ${permissionKeyOf(action)}`;
    throw new AppError('FORBIDDEN', `This needs ${what}.`);
  }
}
