import type { Platform } from '@sinetti/contract';
import { useSelectedOrganization } from '../../../lib/account';

/**
 * The platform of the selected organization (upload types depend on it, SPEC §5), or undefined while
 * the account loads.
 */
export function useOrganizationPlatform(): Platform | undefined {
  const { account, organization } = useSelectedOrganization();
  const data = account.data?.account;
  if (!data) return undefined;
  return organization?.platform ?? data.platform;
}
