import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type WebhookCreateBody, type WebhookUpdateBody } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { isSignedIn } from '../../../lib/session';
import { useSession } from '../../../lib/useSession';

/** The selected organization's webhook endpoints and their deliveries are cached under 'webhooks'. */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: (organizationId: string | null) => ['webhooks', organizationId, 'list'] as const,
  deliveries: (organizationId: string | null, id: string) =>
    ['webhooks', organizationId, 'deliveries', id] as const,
};

function useOrganizationId(): string | null {
  const session = useSession();
  return isSignedIn(session) ? session.selectedOrganization : null;
}

export function useWebhooks() {
  const organizationId = useOrganizationId();
  return useQuery(
    queryOptions({
      queryKey: webhooksKeys.list(organizationId),
      queryFn: ({ signal }) => call(api.webhooks.list, { signal }),
    }),
  );
}

export function useDeliveries(id: string) {
  const organizationId = useOrganizationId();
  return useQuery(
    queryOptions({
      queryKey: webhooksKeys.deliveries(organizationId, id),
      queryFn: ({ signal }) => call(api.webhooks.deliveries, { params: { id }, signal }),
    }),
  );
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreateBody) => call(api.webhooks.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookUpdateBody }) =>
      call(api.webhooks.update, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.webhooks.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}

export function useWebhookSecret() {
  return useMutation({
    mutationFn: (id: string) => call(api.webhooks.secret, { params: { id } }),
  });
}

/** A new signing secret for the endpoint; the old one stops signing at once (shown to the owner once). */
export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: string) => call(api.webhooks.rotateSecret, { params: { id } }),
  });
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.webhooks.redeliver, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}
