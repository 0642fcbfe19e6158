import { P } from '@sinetti/contract';
import type { OrganizationActor } from '../http/actor.ts';
import { keyNotAllowed } from '../http/api-key-actor.ts';
import { AppError } from '../lib/errors.ts';
import { authorizeOrganization, authorizeSubject, type OrganizationScoped } from './index.ts';

/** Managing API keys is an organization setting: organization edit details (8). */
export const MANAGE_API_KEYS = P.ORG_EDIT_DETAILS;

/** A key never manages keys (it would outlive its own revocation by making another). */
function demandPerson(actor: OrganizationActor): void {
  if (actor.apiKey) throw keyNotAllowed();
}

/** The organization, for listing keys and making one. */
export function authorizeApiKeyManager(actor: OrganizationActor) {
  demandPerson(actor);
  return authorizeOrganization(actor, MANAGE_API_KEYS);
}

/** One key of the caller's organization (another organization's or none: 404). */
export function authorizeApiKey<S extends OrganizationScoped>(
  actor: OrganizationActor,
  key: S | null | undefined,
) {
  demandPerson(actor);
  return authorizeSubject(actor, MANAGE_API_KEYS, key);
}

/** The permissions a caller may put on a key: those they hold now (the owner: every one). */
export function grantableByActor(actor: OrganizationActor): number[] {
  return [...actor.membership.permissions].sort((a, b) => a - b);
}

/** A key carries only what its maker holds: 403 PERMISSION_NOT_HELD for anything more. */
export function apiKeyGrantRule(held: ReadonlySet<number>, requested: readonly number[]): void {
  const missing = requested.filter((p) => !held.has(p));
  if (missing.length > 0) {
    throw new AppError(
      'FORBIDDEN',
      `A key can carry only permissions you hold; you do not hold ${missing.join(', ')}.`,
    ).because('PERMISSION_NOT_HELD');
  }
}
