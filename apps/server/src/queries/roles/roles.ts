import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, roleAssignments, roles } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RolesAccess } from '../../policies/roles.ts';

/** A role with the members who hold it (only current members of its organization). */
export interface RoleRow {
  id: string;
  organizationId: string;
  name: string;
  isDefault: boolean;
  permissions: number[];
  accounts: string[];
}

const holders = sql<string[]>`coalesce((
  select array_agg(ra.account_id order by ra.account_id)
  from ${roleAssignments} ra
  join ${memberships} m on m.organization_id = ra.organization_id and m.account_id = ra.account_id
  where ra.role_id = ${roles}.id), '{}'::uuid[])`;

const roleColumns = {
  id: roles.id,
  organizationId: roles.organizationId,
  name: roles.name,
  isDefault: roles.isDefault,
  permissions: roles.permissions,
  accounts: holders,
};

/** The authorized organization's roles by name (case-insensitively), each with its holders. */
export async function listRoles(db: DbOrTx, scope: RolesAccess): Promise<RoleRow[]> {
  return db
    .select(roleColumns)
    .from(roles)
    .where(eq(roles.organizationId, scope.organizationId))
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id));
}

/**
 * A role of the authorized organization by id, or null (none, or another organization's: the caller
 * answers 404). `forUpdate` locks its row for the rest of the transaction.
 */
export async function findRole(
  db: DbOrTx,
  scope: RolesAccess,
  id: string,
  forUpdate = false,
): Promise<RoleRow | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.organizationId, scope.organizationId)));
  const rows = forUpdate ? await query.for('update', { of: roles }) : await query;
  return rows[0] ?? null;
}

/** Whether another role of the organization has this name (case-insensitively). */
export async function roleNameTaken(
  db: DbOrTx,
  organizationId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), sql`lower(${roles.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

/** Whether the account is a member of the organization. */
export async function isMember(db: DbOrTx, organizationId: string, accountId: string): Promise<boolean> {
  if (!isUuid(accountId)) return false;
  const rows = await db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.accountId, accountId)));
  return rows.length > 0;
}
