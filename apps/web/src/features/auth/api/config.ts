import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Platform } from '@sinetti/contract';
import { call } from '../../../lib/api';

/** The server's public configuration: which sign-in providers exist and whether they are local (SPEC §2.1). */
export const systemConfigQuery = queryOptions({
  queryKey: ['system', 'config'],
  queryFn: ({ signal }) => call(api.system.config, { signal }),
  staleTime: 5 * 60_000,
});

export interface ProviderAvailability {
  platform: Platform;
  /** Served by the built-in development provider: no real Google or Microsoft account is used. */
  local: boolean;
}

/**
 * The providers to offer. While the configuration loads both are listed (and disabled by the caller);
 * if it cannot be loaded both are still offered, and the sign-in call reports any problem.
 */
export function useSignInProviders() {
  const query = useQuery(systemConfigQuery);
  const providers: ProviderAvailability[] = query.data
    ? query.data.providers
    : [
        { platform: 'google', local: false },
        { platform: 'microsoft', local: false },
      ];
  return { providers, isLoading: query.isPending && query.fetchStatus !== 'idle' };
}
