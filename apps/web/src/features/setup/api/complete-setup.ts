import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';

export interface CompleteSetupInput {
  /** The new organization's name; none keeps the personal workspace only. */
  organizationName: string | null;
  invites: string[];
}

export const completeSetup = ({ organizationName, invites }: CompleteSetupInput) =>
  call(api.authentication.setup, {
    body: {
      companies: organizationName ? [organizationName] : [],
      invites,
      language: currentLanguage(),
    },
  });

/**
 * Finishes the wizard (SPEC §4.4): the session becomes OK, the account's default organization is
 * selected, and everything cached under the setup-time session is refreshed.
 */
export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSetup,
    onSuccess: async ({ account }) => {
      sessionStore.setStatus('OK');
      sessionStore.selectOrganization(account.defaultOrganization);
      await queryClient.invalidateQueries();
    },
  });
}
