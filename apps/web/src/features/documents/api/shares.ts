import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';

const sharesKey = (docId: string) => ['documents', 'shares', docId] as const;

/** A document's share links (issue 13 item 5). */
export function useShares(docId: string) {
  return useQuery({
    queryKey: sharesKey(docId),
    queryFn: ({ signal }) => call(api.shares.list, { params: { id: docId }, signal }).then((r) => r.shares),
  });
}

export function useCreateShare(docId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { expires: string | null; allowDownload: boolean }) =>
      call(api.shares.create, { params: { id: docId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey(docId) }),
  });
}

export function useRevokeShare(docId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (share: string) => call(api.shares.revoke, { params: { id: docId, share } }),
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey(docId) }),
  });
}
