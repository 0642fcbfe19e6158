import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Language, type SigneeLevel, type SigningMethodId } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { signingKeys } from './keys';

/**
 * The signee levels and signing methods the server's providers serve (priced on the plan), the default level
 * for new signees, and whether only simple signatures are available (no eID provider configured).
 */
export const levelsQuery = queryOptions({
  queryKey: signingKeys.levels,
  queryFn: ({ signal }) => call(api.signing.levels, { signal }),
  staleTime: 5 * 60_000,
});

export const signeesQuery = (docId: string) =>
  queryOptions({
    queryKey: signingKeys.signees(docId),
    queryFn: ({ signal }) => call(api.signing.signees, { params: { docId }, signal }),
  });

export function useSignees(docId: string, refetchInterval?: number | false) {
  return useQuery({ ...signeesQuery(docId), refetchInterval });
}

export interface NewSignee {
  givenName: string;
  familyName: string;
  email: string;
  level: SigneeLevel;
  method: SigningMethodId;
  /** The signee's language (issue #31 item 2). */
  language: Language;
}

export function useAddSignee(docId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSignee) => call(api.signing.addSignee, { params: { docId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signingKeys.signees(docId) }),
  });
}

export function useDeleteSignee(docId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.signing.deleteSignee, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signingKeys.signees(docId) }),
  });
}
