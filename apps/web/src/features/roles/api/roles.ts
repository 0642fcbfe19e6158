import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type PermissionChange } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { isSignedIn } from '../../../lib/session';
import { useSession } from '../../../lib/useSession';

/** Every roles reply is cached under 'roles'; a change also re-reads the caller's own permissions. */
export const rolesKeys = {
  all: ['roles'] as const,
  list: (organizationId: string | null) => ['roles', organizationId, 'list'] as const,
};

export const rolesQuery = (organizationId: string | null) =>
  queryOptions({
    queryKey: rolesKeys.list(organizationId),
    queryFn: ({ signal }) => call(api.privileges.roles, { signal }),
  });

/** The selected organization's roles (SPEC §7.4 roles). */
export function useRoles(enabled = true) {
  const session = useSession();
  const organizationId = isSignedIn(session) ? session.selectedOrganization : null;
  return useQuery({ ...rolesQuery(organizationId), enabled });
}

/**
 * After a role change: the roles, the caller's own permissions, and the Users page's members (under
 * 'members', owned by features/members), whose roles column names each member's roles.
 */
function refreshRoles(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['account-roles'] }),
    queryClient.invalidateQueries({ queryKey: ['members'] }),
  ]);
}

export interface RoleChange {
  name?: string;
  permissions?: PermissionChange[];
}

/**
 * Saves the role editor (SPEC §4.9): add mode creates the role, then updates it with its permissions;
 * edit mode updates it. Only what changed is sent. Returns the role's id (new in add mode).
 */
export async function saveRole(input: { roleId: string | null; change: RoleChange }): Promise<string> {
  if (input.roleId !== null) {
    await call(api.privileges.roleUpdate, { params: { id: input.roleId }, body: input.change });
    return input.roleId;
  }
  const { roleId } = await call(api.privileges.roleAdd, { body: { name: input.change.name ?? '' } });
  if (input.change.permissions) {
    try {
      const permissions = input.change.permissions;
      await call(api.privileges.roleUpdate, { params: { id: roleId }, body: { permissions } });
    } catch (error) {
      throw new RoleAddedError(roleId, error);
    }
  }
  return roleId;
}

/** The role was added but its permissions were not saved: the editor goes on editing the new role. */
export class RoleAddedError extends Error {
  readonly roleId: string;
  constructor(roleId: string, cause: unknown) {
    super('The role was added but its permissions were not saved.', { cause });
    this.roleId = roleId;
  }
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveRole, onSettled: () => refreshRoles(queryClient) });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) => call(api.privileges.roleDelete, { params: { id: roleId } }),
    onSettled: () => refreshRoles(queryClient),
  });
}

/** Gives and takes away a member's roles: only the roles that changed are sent (SPEC §4.9). */
export async function saveUserRoles(input: {
  accountId: string;
  add: string[];
  remove: string[];
}): Promise<void> {
  for (const roleId of input.add) {
    await call(api.privileges.assignRole, { params: { userId: input.accountId }, body: { roleId } });
  }
  for (const roleId of input.remove) {
    await call(api.privileges.unassignRole, { params: { userId: input.accountId, roleId } });
  }
}

export function useSaveUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveUserRoles, onSettled: () => refreshRoles(queryClient) });
}
