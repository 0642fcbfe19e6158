import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { isSignedIn } from '../../../lib/session';
import { useSession } from '../../../lib/useSession';

/** The selected organization's embedding origins (issue #34 item 3), cached under 'embedding'. */
export const embeddingKeys = {
  all: ['embedding'] as const,
  of: (organizationId: string | null) => ['embedding', organizationId] as const,
};

function useOrganizationId(): string | null {
  const session = useSession();
  return isSignedIn(session) ? session.selectedOrganization : null;
}

export function useEmbedOrigins() {
  const organizationId = useOrganizationId();
  return useQuery(
    queryOptions({
      queryKey: embeddingKeys.of(organizationId),
      queryFn: ({ signal }) => call(api.embedding.get, { signal }),
    }),
  );
}

export function useSaveEmbedOrigins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (origins: string[]) => call(api.embedding.update, { body: { origins } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: embeddingKeys.all }),
  });
}
