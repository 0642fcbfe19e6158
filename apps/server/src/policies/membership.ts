import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { GRANTABLE_PERMISSION_IDS } from '@sinetti/contract';
import type { DbOrTx } from '../db/client.ts';
import { memberships, organizations, roleAssignments, roles } from '../db/schema/index.ts';
import { isUuid } from '../lib/ids.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

/** The caller's place in one organization: what it is, whether they own it, what they may do. */
export interface Membership {
  organization: OrganizationRow;
  isOwner: boolean;
  /** Effective granted permission ids: every grantable id for the owner, else the union of their roles. */
  permissions: ReadonlySet<number>;
  roles: { id: string; name: string }[];
}

export interface AssignedRole {
  id: string;
  name: string;
  permissions: number[];
}

/**
 * The roles an account holds in an organization, as one JSON array column (`[]` for none), so that a
 * membership is read in a single row together with whatever else the query selects.
 */
export function assignedRolesOf(
  accountId: AnyPgColumn | SQL,
  organizationId: AnyPgColumn,
): SQL<AssignedRole[]> {
  return sql<AssignedRole[]>`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name, 'permissions', r.permissions) order by r.name)
    from ${roleAssignments} ra join ${roles} r on r.id = ra.role_id
    where ra.account_id = ${accountId} and ra.organization_id = ${organizationId}), '[]'::json)`;
}

/**
 * SQL: whether an account holds `permission` through one of its roles in an organization (the owner,
 * who holds everything, is the caller's to add). For queries over many members or organizations at once.
 */
export function holdsPermission(
  accountId: AnyPgColumn | SQL | string,
  organizationId: AnyPgColumn | SQL | string,
  permission: number,
): SQL {
  return sql`exists (select 1 from ${roleAssignments} ra join ${roles} r on r.id = ra.role_id
    where ra.account_id = ${accountId} and ra.organization_id = ${organizationId}
    and ${permission} = any(r.permissions))`;
}

/** What the member may do: the owner everything grantable, anyone else the union of their roles. */
export function toMembership(
  organization: OrganizationRow,
  accountId: string,
  assigned: AssignedRole[],
): Membership {
  const isOwner = organization.ownerAccountId === accountId;
  const permissions = new Set<number>(
    isOwner ? GRANTABLE_PERMISSION_IDS : assigned.flatMap((r) => r.permissions),
  );
  return { organization, isOwner, permissions, roles: assigned.map(({ id, name }) => ({ id, name })) };
}

/** The account's membership of an organization, or null when it is not a member (or no such id). One query. */
export async function loadMembership(
  db: DbOrTx,
  accountId: string,
  organizationId: string,
): Promise<Membership | null> {
  if (!isUuid(organizationId)) return null;
  const rows = await db
    .select({
      organization: organizations,
      roles: assignedRolesOf(sql`${accountId}::uuid`, organizations.id),
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.organizationId, organizationId)));
  const row = rows[0];
  return row ? toMembership(row.organization, accountId, row.roles) : null;
}
