import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type PermissionId } from '@sinetti/contract';
import { call } from './api';
import { isSignedIn } from './session';
import { useSession } from './useSession';

/** Effective permissions in the selected organization, computed by the server (the UI never re-derives them). */
export const permissionsQuery = (organizationId: string | null) =>
  queryOptions({
    queryKey: ['account-roles', organizationId],
    queryFn: () => call(api.privileges.accountRoles),
    staleTime: 60_000,
  });

export function usePermissions() {
  const session = useSession();
  const signedIn = isSignedIn(session) && session.status === 'OK';
  const query = useQuery({
    ...permissionsQuery(signedIn ? session.selectedOrganization : null),
    enabled: signedIn,
  });
  const granted = new Set(query.data?.permissions ?? []);
  return {
    ...query,
    isOwner: query.data?.isOwner ?? false,
    can: (permission: PermissionId) => granted.has(permission),
  };
}
