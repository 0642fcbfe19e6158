import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Language } from '@sinetti/contract';
import { accountQuery } from './account';
import { call } from './api';

export const saveLanguage = (code: Language) =>
  call(api.authentication.language, { params: { code } }).then((r) => r.language);

/** Saves the interface language on the account, and keeps the cached account in step with it. */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLanguage,
    onSuccess: (language) =>
      queryClient.setQueryData(accountQuery.queryKey, (old) =>
        old
          ? { ...old, account: { ...old.account, language, settings: { ...old.account.settings, language } } }
          : old,
      ),
  });
}
