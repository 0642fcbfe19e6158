import { useQuery } from '@tanstack/react-query';
import { POLL_CONTENT_MS, api } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { signingKeys } from './keys';

/**
 * Each signee's progress from the audit trail (issue 12 item 6). While the round is open it is read
 * again every 15 s, like the document's content, so the panel follows the signees.
 */
export function useTimeline(docId: string, live: boolean) {
  return useQuery({
    queryKey: signingKeys.timeline(docId),
    queryFn: ({ signal }) => call(api.signing.timeline, { params: { docId }, signal }),
    refetchInterval: live ? POLL_CONTENT_MS : false,
  });
}

/** The document's whole signing audit trail and the server's check of its hash chain. */
export function useAuditTrail(docId: string, enabled: boolean) {
  return useQuery({
    queryKey: signingKeys.audit(docId),
    queryFn: ({ signal }) => call(api.signing.audit, { params: { docId }, signal }),
    enabled,
  });
}
