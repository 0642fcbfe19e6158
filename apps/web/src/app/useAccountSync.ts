import { useEffect } from 'react';
import type { Account } from '@sinetti/contract';
import { useAccount } from '../lib/account';
import { applyAccountLanguage } from '../lib/i18n';
import { isSignedIn, sessionStore } from '../lib/session';

/**
 * Keeps the stored selected organization one of the account's organizations: otherwise the
 * account's selected organization, its default one, or the first in the list (Personal).
 */
export function keepSelectedOrganizationValid(account: Account): void {
  const ids = account.organizations.map((o) => o.id);
  const session = sessionStore.get();
  const current =
    (isSignedIn(session) ? session.selectedOrganization : null) ?? sessionStore.selectedOrganization();
  if (current && ids.includes(current)) return;
  const fallback = [account.selectedOrganization, account.defaultOrganization].find((id) => ids.includes(id));
  const next = fallback ?? ids[0];
  if (next) sessionStore.selectOrganization(next);
}

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
