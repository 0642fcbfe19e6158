import type { OrganizationSummary } from '@sinetti/contract';
import { useSelectedOrganization } from '../../../lib/account';
import { usePermissions } from '../../../lib/permissions';
import type { SettingsViewer } from '../lib/sections';

export interface SettingsContext {
  status: 'loading' | 'error' | 'ready';
  retry: () => void;
  viewer: SettingsViewer;
  organization: OrganizationSummary | null;
  /** The organization's name as the user sees it (a personal workspace shows the user's name). */
  organizationName: string;
}

/** Who is looking at the settings: the server's permissions and the selected organization. */
export function useSettingsViewer(): SettingsContext {
  const permissions = usePermissions();
  const { account, organization } = useSelectedOrganization();
  const data = account.data?.account;
  const status =
    permissions.isError || account.isError ? 'error' : permissions.data && account.data ? 'ready' : 'loading';
  return {
    status,
    retry: () => {
      if (permissions.isError) void permissions.refetch();
      if (account.isError) void account.refetch();
    },
    viewer: {
      can: permissions.can,
      isOwner: permissions.isOwner,
      isPersonal: organization?.isPersonal ?? false,
    },
    organization,
    organizationName: organization
      ? organization.isPersonal
        ? (data?.fullName ?? '')
        : organization.name
      : '',
  };
}
