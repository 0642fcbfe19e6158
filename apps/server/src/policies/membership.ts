import { and, eq } from 'drizzle-orm';
import { GRANTABLE_PERMISSION_IDS } from '@sinetti/contract';
import type { DbOrTx } from '../db/client.ts';
import { memberships, organizations, roleAssignments, roles } from '../db/schema/index.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

/** The caller's place in one organization: what it is, whether they own it, what they may do. */
export interface Membership {
  organization: OrganizationRow;
  isOwner: boolean;
  /** Effective granted permission ids: every grantable id for the owner, else the union of their roles. */
  permissions: ReadonlySet<number>;
  roles: { id: string; name: string }[];
}

/** The account's membership of an organization, or null when it is not a member (or no such id). */
export async function loadMembership(
  db: DbOrTx,
  accountId: string,
  organizationId: string,
): Promise<Membership | null> {
  if (!/^[0-9a-f-]{36}$/i.test(organizationId)) return null;
  const rows = await db
    .select({ organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  const organization = rows[0]?.organization;
  if (!organization) return null;
  const assigned = await db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(and(eq(roleAssignments.accountId, accountId), eq(roleAssignments.organizationId, organizationId)));
  const isOwner = organization.ownerAccountId === accountId;
  const permissions = new Set<number>(
    isOwner ? GRANTABLE_PERMISSION_IDS : assigned.flatMap((r) => r.permissions),
  );
  return { organization, isOwner, permissions, roles: assigned.map(({ id, name }) => ({ id, name })) };
}
