import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type AccountInvite } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { reloginAndRefresh } from './session';

const INVITES = ['invites', 'account'] as const;

/** The signed-in account's pending invitations (found by its e-mail address). */
export const accountInvitesQuery = queryOptions({
  queryKey: [...INVITES, 'pending'],
  queryFn: () => call(api.organizations.accountInvites).then((r) => r.invites),
  staleTime: 30_000,
});

/** The invitation an e-mailed link names; NOT_FOUND for a used, expired, cancelled or foreign one. */
export const inviteLinkQuery = (token: string) =>
  queryOptions({
    queryKey: [...INVITES, 'link', token],
    queryFn: () => call(api.organizations.inviteLink, { params: { token } }).then((r) => r.invite),
    staleTime: Infinity,
    retry: false,
  });

export function useAccountInvites(enabled = true) {
  return useQuery({ ...accountInvitesQuery, enabled });
}

/**
 * Accepts an invitation (SPEC §4.7): the server checks the platform; the session is then logged in
 * again and the account re-read, so the organization appears in the selector.
 */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invite: AccountInvite) => {
      await call(api.organizations.inviteAccept, { params: { id: invite.id } });
      await reloginAndRefresh(queryClient);
      return invite;
    },
    // The pending list only: a link's answer stays as it was (asked again, a used link is a 404 for nothing).
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountInvitesQuery.queryKey }),
  });
}

/** Declines an invitation; it disappears from the list. */
export function useDeclineInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invite: AccountInvite) => {
      await call(api.organizations.inviteDecline, { params: { id: invite.id } });
      return invite;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountInvitesQuery.queryKey }),
  });
}
