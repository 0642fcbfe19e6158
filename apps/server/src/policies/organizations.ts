import type { OrganizationRow } from './membership.ts';

/**
 * State rules of organization membership (SPEC §3 derived fields, §6), as pure functions: each answers
 * null when allowed, else why not. Routes turn a refusal into CONFLICT with that reason.
 */
export type MembershipRefusal =
  'PERSONAL_ORGANIZATION' | 'OWNER_CANNOT_LEAVE' | 'OWNER_CANNOT_BE_REMOVED' | 'ALREADY_OWNER';

/** Invites and renames exist only for shared organizations: a personal workspace has one user. */
export function sharedOrganizationRule(org: OrganizationRow): MembershipRefusal | null {
  return org.isPersonal ? 'PERSONAL_ORGANIZATION' : null;
}

/** SPEC §3 canLeave: not owned by the caller and not personal (the owner transfers ownership first). */
export function leaveRule(org: OrganizationRow, accountId: string): MembershipRefusal | null {
  if (org.isPersonal) return 'PERSONAL_ORGANIZATION';
  if (org.ownerAccountId === accountId) return 'OWNER_CANNOT_LEAVE';
  return null;
}

/** A member can be removed, never the owner (nor anyone from a personal workspace). */
export function removeMemberRule(org: OrganizationRow, accountId: string): MembershipRefusal | null {
  if (org.isPersonal) return 'PERSONAL_ORGANIZATION';
  if (org.ownerAccountId === accountId) return 'OWNER_CANNOT_BE_REMOVED';
  return null;
}

/** Ownership moves to another member of a shared organization. */
export function transferOwnerRule(org: OrganizationRow, toAccountId: string): MembershipRefusal | null {
  if (org.isPersonal) return 'PERSONAL_ORGANIZATION';
  if (org.ownerAccountId === toAccountId) return 'ALREADY_OWNER';
  return null;
}

/** An invite can be accepted only with an account of the organization's platform (SPEC §1, §4.7, §5). */
export function acceptInviteRule(
  invite: { platform: 'google' | 'microsoft' },
  accountPlatform: 'google' | 'microsoft',
): 'INVITE_PLATFORM_MISMATCH' | null {
  return invite.platform === accountPlatform ? null : 'INVITE_PLATFORM_MISMATCH';
}
