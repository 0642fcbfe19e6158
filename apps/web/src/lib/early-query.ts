import type { Endpoint } from '@sinetti/contract';
import type { z } from 'zod';
import { endpointUrl, type Input } from './api';
import { takeEarlyData } from './early-fetch';

/** How long an early answer counts as fresh: the page that mounts with it does not ask again. */
export const EARLY_FRESH_MS = 10_000;

/**
 * Query options that start a public GET's query from the entry's early answer (lib/early-fetch.ts) when
 * it has arrived before the page's first render: the page renders with its data in one go, with no
 * loader and no second render. Only the first data counts as fresh; every later refetch is as usual.
 */
export function earlyQueryOptions<E extends Endpoint>(endpoint: E, input: Input<E>) {
  return {
    initialData: (): z.infer<E['reply']> | undefined => {
      if (endpoint.method !== 'GET' || endpoint.access !== 'public') return undefined;
      let url: string;
      try {
        url = endpointUrl(endpoint, input);
      } catch {
        return undefined; // a query without its parameters yet (a disabled one) has no early answer
      }
      return takeEarlyData(url) as z.infer<E['reply']> | undefined;
    },
    staleTime: (query: { state: { dataUpdateCount: number } }) =>
      query.state.dataUpdateCount === 0 ? EARLY_FRESH_MS : 0,
  };
}
