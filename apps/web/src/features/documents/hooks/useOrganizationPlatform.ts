import type { Platform } from '@sinetti/contract';
import { useAccount } from '../../../lib/account';
import { isSignedIn, sessionStore, useSession } from '../../../lib/session';

/**
 * The platform of the selected organization (upload types depend on it, SPEC §5), or undefined while
 * the account loads.
 */
export function useOrganizationPlatform(): Platform | undefined {
  const { data } = useAccount();
  const session = useSession();
  if (!data) return undefined;
  const { account } = data;
  const selectedId =
    (isSignedIn(session) ? session.selectedOrganization : null) ??
    sessionStore.selectedOrganization() ??
    account.selectedOrganization;
  const organization =
    account.organizations.find((o) => o.id === selectedId) ?? account.organizations[0] ?? undefined;
  return organization?.platform ?? account.platform;
}
