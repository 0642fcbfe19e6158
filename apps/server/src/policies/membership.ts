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

/** The account's membership of an organization, or null when it is not a member (or no such id). One query. */
export async function loadMembership(
  db: DbOrTx,
  accountId: string,
  organizationId: string,
): Promise<Membership | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(organizationId)) return null;
  const rows = await db
    .select({
      organization: organizations,
      roleId: roles.id,
      roleName: roles.name,
      permissions: roles.permissions,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(
      roleAssignments,
      and(
        eq(roleAssignments.accountId, memberships.accountId),
        eq(roleAssignments.organizationId, memberships.organizationId),
      ),
    )
    .leftJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.organizationId, organizationId)));
  const organization = rows[0]?.organization;
  if (!organization) return null;
  const assigned = rows.flatMap((r) =>
    r.roleId && r.roleName ? [{ id: r.roleId, name: r.roleName, permissions: r.permissions ?? [] }] : [],
  );
  const isOwner = organization.ownerAccountId === accountId;
  const permissions = new Set<number>(
    isOwner ? GRANTABLE_PERMISSION_IDS : assigned.flatMap((r) => r.permissions),
  );
  return { organization, isOwner, permissions, roles: assigned.map(({ id, name }) => ({ id, name })) };
}
