import { useEffect } from 'react';
import { useSaveLanguage } from '../lib/save-language';
import { keepSelectedOrganizationValid, useAccount } from '../lib/account';
import { applyAccountLanguage } from '../lib/i18n';
import { sessionStore } from '../lib/session';

/**
 * When the account loads: its language (or the `?lang=` this page was opened with, saved on the account),
 * its setup status and a valid selected organization.
 */
export function useAccountSync(): void {
  const { data } = useAccount();
  const { mutate: saveLanguage } = useSaveLanguage();
  useEffect(() => {
    if (!data) return;
    const chosen = applyAccountLanguage(data.account.language);
    if (chosen) saveLanguage(chosen);
    const status = data.session.status;
    if (status === 'OK' || status === 'SETUP_REQUIRED') sessionStore.setStatus(status);
    keepSelectedOrganizationValid(data.account);
  }, [data, saveLanguage]);
}
