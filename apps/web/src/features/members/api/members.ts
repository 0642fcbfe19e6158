import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { isSignedIn } from '../../../lib/session';
import { useSession } from '../../../lib/useSession';

/** Members and pending invites of the selected organization are cached under 'members'. */
export const membersKeys = {
  all: ['members'] as const,
  users: (organizationId: string | null) => ['members', organizationId, 'users'] as const,
  invites: (organizationId: string | null) => ['members', organizationId, 'invites'] as const,
};

function useOrganizationId(): string | null {
  const session = useSession();
  return isSignedIn(session) ? session.selectedOrganization : null;
}

/** The selected organization's members (company-users). */
export function useMembers(enabled = true) {
  const organizationId = useOrganizationId();
  return useQuery(
    queryOptions({
      queryKey: membersKeys.users(organizationId),
      queryFn: ({ signal }) => call(api.organizations.companyUsers, { signal }),
      enabled,
    }),
  );
}

/** The selected organization's pending invites (shown as 'Invite pending', SPEC §2.5). */
export function useCompanyInvites(enabled = true) {
  const organizationId = useOrganizationId();
  return useQuery(
    queryOptions({
      queryKey: membersKeys.invites(organizationId),
      queryFn: ({ signal }) => call(api.organizations.companyInvites, { signal }),
      enabled,
    }),
  );
}

const refreshMembers = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: membersKeys.all });

/** user-invite: OK or ALREADY_INVITED (a status, not an error: SPEC §3 User invite). */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(api.organizations.invite, { body: { email } }),
    onSettled: () => refreshMembers(queryClient),
  });
}

/** user-invite-cancel: cancels a pending invite (uninvite/{id}/invite). */
export function useCancelInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) =>
      call(api.organizations.uninvite, { params: { id: inviteId, kind: 'invite' } }),
    onSettled: () => refreshMembers(queryClient),
  });
}

/** user-remove: removes a member (uninvite/{id}/account); a role list holding them changes too. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) =>
      call(api.organizations.uninvite, { params: { id: accountId, kind: 'account' } }),
    onSettled: () =>
      Promise.all([refreshMembers(queryClient), queryClient.invalidateQueries({ queryKey: ['roles'] })]),
  });
}

/**
 * Transfers the ownership: the viewer stops being the owner, so their permissions, the account's
 * organization list (isMine), the members list and the roles (the former owner gets the default role)
 * are all read again.
 */
export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => call(api.organizations.transferOwner, { params: { id: accountId } }),
    onSettled: () =>
      Promise.all(
        [membersKeys.all, ['account'], ['account-roles'], ['roles']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** Renames the selected organization; the account query holds the names the selector shows. */
export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(api.organizations.updateCompany, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
