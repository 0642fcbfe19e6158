import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type FeedbackChannel, type FeedbackInput } from '@sinetti/contract';
import { call } from '../../lib/api';
import { systemConfigQuery } from '../../lib/system-config';

/** How this instance takes feedback, from its run-time configuration; null while unknown or when none. */
export function useFeedbackChannel(): FeedbackChannel {
  return useQuery(systemConfigQuery).data?.feedback ?? null;
}

export function useSendFeedback() {
  return useMutation({ mutationFn: (body: FeedbackInput) => call(api.system.feedback, { body }) });
}
