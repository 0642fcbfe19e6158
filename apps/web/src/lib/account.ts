import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Account, type OrganizationSummary } from '@sinetti/contract';
import { call } from './api';
import { isSignedIn, sessionStore } from './session';
import { useSession } from './useSession';

/** The signed-in account (SPEC §3 Account), shared by the shell, setup and profile. */
export const accountQuery = queryOptions({
  queryKey: ['account'],
  queryFn: () => call(api.authentication.accounts),
  staleTime: 30_000,
});

export function useAccount() {
  const session = useSession();
  return useQuery({ ...accountQuery, enabled: isSignedIn(session) });
}

/**
 * The selected organization (SPEC §3 Account: found by id in the list), from the session, then local
 * storage, then the account's own choice; the first (Personal) when none matches. Its `name` follows the
 * account query, so invalidating ['account'] after a rename shows the new name everywhere.
 */
export function useSelectedOrganization() {
  const account = useAccount();
  const session = useSession();
  const data = account.data?.account;
  const selectedId =
    (isSignedIn(session) ? session.selectedOrganization : null) ??
    sessionStore.selectedOrganization() ??
    data?.selectedOrganization;
  const organization: OrganizationSummary | null =
    data?.organizations.find((o) => o.id === selectedId) ?? data?.organizations[0] ?? null;
  return { account, organization };
}

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

/** Initials for the avatar: first letters of the first two words of the name, upper case (SPEC §2.5). */
export function initialsOf(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}
