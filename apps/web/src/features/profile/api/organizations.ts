import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { accountQuery } from '../../../lib/account';
import { call } from '../../../lib/api';

export const setDefaultOrganization = (id: string) =>
  call(api.authentication.setDefault, { params: { id } }).then((r) => r.defaultOrganization);

/** Makes one of the account's organizations its default; the account is then reloaded. */
export function useSetDefaultOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQuery.queryKey }),
  });
}
