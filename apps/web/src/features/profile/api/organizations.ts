import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { sessionStore } from '../../../lib/session';

export const setDefaultOrganization = (id: string) =>
  call(api.authentication.setDefault, { params: { id } }).then((r) => r.defaultOrganization);

/**
 * Makes one of the account's organizations its default. SPEC §4.4: the account then stores the default
 * organization as selected, so it becomes the selected one here too and every cached reply is refetched.
 */
export function useSetDefaultOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultOrganization,
    onSuccess: (id) => {
      sessionStore.selectOrganization(id);
      return queryClient.invalidateQueries();
    },
  });
}
