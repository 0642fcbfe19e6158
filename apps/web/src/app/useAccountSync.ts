import { useEffect } from 'react';
import { keepSelectedOrganizationValid, useAccount } from '../lib/account';
import { applyAccountLanguage } from '../lib/i18n';
import { sessionStore } from '../lib/session';

/** When the account loads: its language, its setup status and a valid selected organization. */
export function useAccountSync(): void {
  const { data } = useAccount();
  useEffect(() => {
    if (!data) return;
    applyAccountLanguage(data.account.language);
    const status = data.session.status;
    if (status === 'OK' || status === 'SETUP_REQUIRED') sessionStore.setStatus(status);
    keepSelectedOrganizationValid(data.account);
  }, [data]);
}
