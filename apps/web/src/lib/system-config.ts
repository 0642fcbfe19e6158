import { queryOptions } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from './api';

/** The server's public configuration: which sign-in providers exist and whether they are local (SPEC §2.1). */
export const systemConfigQuery = queryOptions({
  queryKey: ['system', 'config'],
  queryFn: ({ signal }) => call(api.system.config, { signal }),
  staleTime: 5 * 60_000,
});
