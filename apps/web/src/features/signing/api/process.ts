import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { signingKeys } from './keys';

export const sendForSigning = (docId: string) => call(api.signing.send, { params: { docId } });
export const cancelSigning = (docId: string) => call(api.signing.cancel, { params: { docId } });

/** Send and cancel; afterwards the document's signees are read again. */
export function useSend(docId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendForSigning(docId),
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
