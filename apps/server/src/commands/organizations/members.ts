import type { P } from '@sinetti/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  memberships,
  organizations,
  roleAssignments,
  roles,
  sessions,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import type { OrganizationRow } from '../../policies/membership.ts';
import {
  leaveRule,
  removeMemberRule,
  sharedOrganizationRule,
  transferOwnerRule,
  type MembershipRefusal,
} from '../../policies/organizations.ts';
import { isMember } from '../../queries/organizations.ts';
import { recordAudit, type AuditContext } from '../audit.ts';

const REFUSAL_TEXT: Record<MembershipRefusal, string> = {
  PERSONAL_ORGANIZATION: 'A personal workspace has no other members and cannot be renamed.',
  OWNER_CANNOT_LEAVE: 'The owner cannot leave the organization; transfer the ownership first.',
  OWNER_CANNOT_BE_REMOVED: 'The owner cannot be removed from the organization.',
  ALREADY_OWNER: 'This member already owns the organization.',
};

/** Throws CONFLICT for a refused state rule. */
export function refuse(refusal: MembershipRefusal | null): void {
  if (refusal) throw conflict(REFUSAL_TEXT[refusal]).because(refusal);
}

/** Gives the account the organization's default role (SPEC §6: "Member"), if it has one. */
async function assignDefaultRole(tx: DbOrTx, organizationId: string, accountId: string): Promise<void> {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.isDefault, true)))
    .limit(1);
  if (!role) return;
  await tx
    .insert(roleAssignments)
    .values({ roleId: role.id, accountId, organizationId })
    .onConflictDoNothing();
}

/** Adds the account as a member with the default role (already a member: nothing changes). */
export async function joinOrganization(
  tx: DbOrTx,
  organizationId: string,
  accountId: string,
  audit: AuditContext,
): Promise<void> {
  const joined = await tx
    .insert(memberships)
    .values({ organizationId, accountId })
    .onConflictDoNothing()
    .returning({ accountId: memberships.accountId });
  if (joined.length === 0) return;
  await assignDefaultRole(tx, organizationId, accountId);
  await recordAudit(tx, audit, 'member.joined', { organizationId, subjectId: accountId });
}

/** Ends the membership and its role assignments: every session of the account loses the organization at once. */
async function dropMembership(tx: DbOrTx, organizationId: string, accountId: string): Promise<boolean> {
  await tx
    .delete(roleAssignments)
    .where(and(eq(roleAssignments.organizationId, organizationId), eq(roleAssignments.accountId, accountId)));
  const gone = await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.accountId, accountId)))
    .returning({ accountId: memberships.accountId });
  return gone.length > 0;
}

/** Locks the organization row so that ownership and membership changes of one organization run one at a time. */
async function lockOrganization(tx: DbOrTx, organizationId: string): Promise<OrganizationRow> {
  const [org] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!org) throw notFound('Organization not found.');
  return org;
}

/** How a membership ends: who goes, the rule that may refuse it, and the audit event. */
interface Ending {
  accountId: string;
  rule: (org: OrganizationRow, accountId: string) => MembershipRefusal | null;
  event: 'member.removed' | 'member.left';
  notFoundText: string;
}

/** Ends a membership under the organization's lock. NOT_FOUND when the account is not a member. */
async function endMembership(
  tx: DbOrTx,
  organizationId: string,
  ending: Ending,
  audit: AuditContext,
): Promise<void> {
  const org = await lockOrganization(tx, organizationId);
  if (!(await isMember(tx, org.id, ending.accountId))) throw notFound(ending.notFoundText);
  refuse(ending.rule(org, ending.accountId));
  await dropMembership(tx, org.id, ending.accountId);
  await forgetOrganizationChoice(tx, org.id, ending.accountId);
  await recordAudit(tx, audit, ending.event, { organizationId: org.id, subjectId: ending.accountId });
}

/**
 * An account that no longer belongs to an organization must not keep it as its default or as a session's
 * selection (a new session starts in the default one): both fall back to the account's Personal workspace.
 */
async function forgetOrganizationChoice(
  tx: DbOrTx,
  organizationId: string,
  accountId: string,
): Promise<void> {
  const personal = tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.ownerAccountId, accountId), eq(organizations.isPersonal, true)))
    .limit(1);
  await tx
    .update(accounts)
    .set({ defaultOrganizationId: sql`(${personal})` })
    .where(and(eq(accounts.id, accountId), eq(accounts.defaultOrganizationId, organizationId)));
  await tx
    .update(sessions)
    .set({ selectedOrganizationId: null })
    .where(and(eq(sessions.accountId, accountId), eq(sessions.selectedOrganizationId, organizationId)));
}

/** Removes a member (never the owner). NOT_FOUND when the account is not a member. */
export async function removeMember(
  tx: DbOrTx,
  remover: AuthorizedScope<typeof P.ORG_USERS_REMOVE>,
  accountId: string,
  audit: AuditContext,
): Promise<void> {
  const ending: Ending = {
    accountId,
    rule: removeMemberRule,
    event: 'member.removed',
    notFoundText: 'Member not found.',
  };
  await endMembership(tx, remover.organizationId, ending, audit);
}

/**
 * The caller leaves an organization (SPEC §3 canLeave). Self-service: the account acts on its own
 * membership, so the rule and the membership check are the authorization. NOT_FOUND when not a member.
 */
export async function leaveOrganization(
  tx: DbOrTx,
  organizationId: string,
  accountId: string,
  audit: AuditContext,
): Promise<void> {
  const ending: Ending = {
    accountId,
    rule: leaveRule,
    event: 'member.left',
    notFoundText: 'Organization not found.',
  };
  await endMembership(tx, organizationId, ending, audit);
}

/**
 * Makes another member the owner. The former owner stays a member with the default role (an owner holds
 * no roles of its own, so without one they would be left with no permissions at all).
 */
export async function transferOwnership(
  tx: DbOrTx,
  clock: Clock,
  owner: AuthorizedScope<'owner'>,
  toAccountId: string,
  audit: AuditContext,
): Promise<void> {
  const org = await lockOrganization(tx, owner.organizationId);
  if (!(await isMember(tx, org.id, toAccountId))) throw notFound('Member not found.');
  refuse(transferOwnerRule(org, toAccountId));
  await tx
    .update(organizations)
    .set({ ownerAccountId: toAccountId, updatedAt: clock.now() })
    .where(eq(organizations.id, org.id));
  await assignDefaultRole(tx, org.id, org.ownerAccountId);
  await recordAudit(tx, audit, 'organization.owner_transferred', {
    organizationId: org.id,
    subjectId: toAccountId,
    data: { from: org.ownerAccountId, to: toAccountId },
  });
}

/** Renames a shared organization. */
export async function renameOrganization(
  tx: DbOrTx,
  clock: Clock,
  editor: AuthorizedScope<typeof P.ORG_EDIT_DETAILS>,
  name: string,
  audit: AuditContext,
): Promise<void> {
  const org = await lockOrganization(tx, editor.organizationId);
  refuse(sharedOrganizationRule(org));
  if (org.name === name) return;
  await tx.update(organizations).set({ name, updatedAt: clock.now() }).where(eq(organizations.id, org.id));
  await recordAudit(tx, audit, 'organization.renamed', {
    organizationId: org.id,
    subjectId: org.id,
    data: { from: org.name, to: name },
  });
}
