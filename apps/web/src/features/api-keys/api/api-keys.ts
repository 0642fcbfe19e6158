import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiKeyCreateBody } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { isSignedIn } from '../../../lib/session';
import { useSession } from '../../../lib/useSession';

/** The selected organization's API keys are cached under 'api-keys'. */
export const apiKeysKeys = {
  all: ['api-keys'] as const,
  list: (organizationId: string | null) => ['api-keys', organizationId, 'list'] as const,
  grantable: (organizationId: string | null) => ['api-keys', organizationId, 'grantable'] as const,
};

function useOrganizationId(): string | null {
  const session = useSession();
  return isSignedIn(session) ? session.selectedOrganization : null;
}

/** apikey-requests: the organization's keys, newest first. */
export function useApiKeys() {
  const organizationId = useOrganizationId();
  return useQuery(
    queryOptions({
      queryKey: apiKeysKeys.list(organizationId),
      queryFn: ({ signal }) => call(api.apiKeys.apiKeyRequests, { signal }),
    }),
  );
}

/** apikey/none: the permissions the viewer may put on a new key (their own). */
export function useGrantable(enabled: boolean) {
  const organizationId = useOrganizationId();
  return useQuery(
    queryOptions({
      queryKey: apiKeysKeys.grantable(organizationId),
      queryFn: ({ signal }) => call(api.apiKeys.apiKey, { params: { id: 'none' }, signal }),
      enabled,
    }),
  );
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateBody) => call(api.apiKeys.apiKeyCreate, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.apiKeys.apiKeyRevoke, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}
