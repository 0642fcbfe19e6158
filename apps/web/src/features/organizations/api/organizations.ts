import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type OrganizationSummary } from '@sinetti/contract';
import { accountQuery, keepSelectedOrganizationValid } from '../../../lib/account';
import { call } from '../../../lib/api';
import { sessionStore } from '../../../lib/session';
import { reloginAndRefresh } from './session';

export interface CreatedOrganization {
  id: string;
  name: string;
}

/**
 * Creates an organization (SPEC §4.6): create the company, log in again for a new session, and find the
 * new organization as the one absent from the earlier list (the reply's id decides if several are new).
 */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<CreatedOrganization> => {
      const before = await queryClient.ensureQueryData(accountQuery);
      const known = new Set(before.account.organizations.map((o) => o.id));
      const { companyId } = await call(api.authentication.createCompany, { body: { name } });
      const account = await reloginAndRefresh(queryClient);
      const added = account.organizations.filter((o) => !known.has(o.id));
      const created = added.length === 1 ? added[0] : added.find((o) => o.id === companyId);
      return { id: created?.id ?? companyId, name: created?.name ?? name };
    },
  });
}

/** Makes one of the account's organizations the selected one and reloads the page (SPEC §2.5). */
export function selectOrganizationAndReload(id: string, reload: () => void): void {
  sessionStore.selectOrganization(id);
  reload();
}

/**
 * Leaves an organization (only when `canLeave`). When it was the selected one, the account's selected
 * (else default, else first) organization is selected instead, and every cached reply is read again.
 */
export function useLeaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (organization: OrganizationSummary) => {
      await call(api.organizations.leave, { params: { id: organization.id } });
      const fresh = await queryClient.fetchQuery({ ...accountQuery, staleTime: 0 });
      keepSelectedOrganizationValid(fresh.account);
      return organization;
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/**
 * Makes one of the account's organizations its default. SPEC §4.4: the account then stores the default
 * organization as selected, so it becomes the selected one here too and every cached reply is refetched.
 */
export function useSetDefaultOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(api.authentication.setDefault, { params: { id } }).then((r) => r.defaultOrganization),
    onSuccess: (id) => {
      sessionStore.selectOrganization(id);
      return queryClient.invalidateQueries();
    },
  });
}
