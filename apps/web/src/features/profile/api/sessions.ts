import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';

/** The account's active sessions with device, address and last use. */
export const sessionsQuery = queryOptions({
  queryKey: ['sessions', 'full'],
  queryFn: ({ signal }) => call(api.authentication.sessionsFull, { signal }).then((r) => r.sessions),
});

export const endSession = (id: string) => call(api.authentication.invalidate, { params: { id } });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
