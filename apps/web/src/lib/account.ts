import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from './api';
import { isSignedIn, useSession } from './session';

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
