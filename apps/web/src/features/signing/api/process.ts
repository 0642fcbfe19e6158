import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type SendOptions } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { signingKeys } from './keys';

export const sendForSigning = (docId: string, body: SendOptions = {}) =>
  call(api.signing.sendWithOptions, { params: { docId }, body });
export const cancelSigning = (docId: string) => call(api.signing.cancel, { params: { docId } });

/** Send and cancel; afterwards the document's signees are read again. */
export function useSend(docId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: SendOptions = {}) => sendForSigning(docId, options),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signingKeys.signees(docId) }),
  });
}

/** What sending would cost now, as the server prices it (the send dialog). Read afresh on every open. */
export function useQuote(docId: string) {
  return useQuery({
    queryKey: signingKeys.quote(docId),
    queryFn: ({ signal }) => call(api.signing.quote, { params: { docId }, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Remind one signee (signeeId) or every signee who has not signed. */
export function useRemind(docId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signeeId?: string) =>
      call(api.signing.remind, { params: { docId }, body: signeeId ? { signeeId } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signingKeys.signees(docId) }),
  });
}

export function useCancel(docId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSigning(docId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signingKeys.signees(docId) }),
  });
}

/** The signed PDF or the certificate of completion of a Signed document (members). */
export const memberFile = (docId: string, kind: 'signed' | 'certificate') =>
  call(kind === 'signed' ? api.signing.signed : api.signing.certificate, { params: { docId } });
