import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';

/** How often the progress view reads a running bulk send again. */
export const POLL_BULK_MS = 2_000;

const bulkKey = (id: string | undefined) => ['bulk-send', id] as const;
type BulkInfo = Awaited<ReturnType<typeof call<typeof api.bulkSend.info>>>;

/** The template's roles and fields, for the CSV template's header. */
export function useBulkTemplate(templateId: string) {
  return useQuery({
    queryKey: ['bulk-send', 'template', templateId],
    queryFn: ({ signal }) => call(api.documents.templateFields, { params: { id: templateId }, signal }),
    retry: false,
  });
}

/** Checks a CSV against the template; creates nothing. */
export function usePreviewBulkSend(templateId: string) {
  return useMutation({
    mutationFn: (csv: string) =>
      call(api.bulkSend.preview, { params: { id: templateId }, body: { csv } }).then((r) => r.preview),
  });
}

export function useStartBulkSend(templateId: string) {
  return useMutation({
    mutationFn: (csv: string) =>
      call(api.bulkSend.start, { params: { id: templateId }, body: { csv } }).then((r) => r.bulkSend),
  });
}

/** A bulk send's progress and rows, read again every few seconds while it runs. */
export function useBulkSend(id: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: bulkKey(id),
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const before = client.getQueryData<BulkInfo>(bulkKey(id))?.bulkSend.sent;
      const reply = await call(api.bulkSend.info, { params: { id: id as string }, signal });
      // Each sent row charged the balance: the navigation's (every plan/ reply is cached under 'plan').
      if (reply.bulkSend.sent !== before) void client.invalidateQueries({ queryKey: ['plan'] });
      return reply;
    },
    refetchInterval: (query) => (query.state.data?.bulkSend.status === 'done' ? false : POLL_BULK_MS),
  });
}

/** Queues the failed rows again. */
export function useRetryBulkSend(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.bulkSend.retry, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: bulkKey(id) }),
  });
}
