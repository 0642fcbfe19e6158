import type { P } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { roleAssignments } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Authorized } from '../../policies/index.ts';
import { editableRole, refuseRole, roleAssignmentRule, type RoleEditor } from '../../policies/roles.ts';
import { findRole, isMember, type RoleRow } from '../../queries/roles/roles.ts';
import { recordAudit, type AuditContext } from '../audit.ts';

/** Who may give members roles and take them away: users edit roles (15), authorized by the route. */
export type RoleAssigner = Authorized<RoleEditor, typeof P.USERS_EDIT_ROLES>;

/**
 * Gives a member a role or takes it away. Idempotent: holding it already (or not holding it) changes
 * nothing and writes no audit event. The member's next request already runs with the new permissions
 * (a request reads the caller's roles afresh).
 */
export async function setRoleHeld(
  ctx: AppContext,
  assigner: RoleAssigner,
  audit: AuditContext,
  input: { accountId: string; roleId: string; held: boolean },
): Promise<RoleRow> {
  return ctx.db.transaction(async (tx) => {
    const role = editableRole(assigner, await findRole(tx, assigner, input.roleId, true));
    refuseRole(roleAssignmentRule(assigner, role), 'assign');
    if (!(await isMember(tx, role.organizationId, input.accountId))) {
      throw new AppError('NOT_FOUND', 'No such member in this organization.');
    }
    const changed = input.held
      ? await tx
          .insert(roleAssignments)
          .values({ roleId: role.id, accountId: input.accountId, organizationId: role.organizationId })
          .onConflictDoNothing()
          .returning({ roleId: roleAssignments.roleId })
      : await tx
          .delete(roleAssignments)
          .where(and(eq(roleAssignments.roleId, role.id), eq(roleAssignments.accountId, input.accountId)))
          .returning({ roleId: roleAssignments.roleId });
    if (changed.length === 0) return role;
    await recordAudit(tx, audit, input.held ? 'role.assigned' : 'role.unassigned', {
      organizationId: role.organizationId,
      subjectId: role.id,
      data: { accountId: input.accountId, role: role.name },
    });
    const accounts = input.held
      ? [...role.accounts, input.accountId].sort()
      : role.accounts.filter((a) => a !== input.accountId);
    return { ...role, accounts };
  });
}
