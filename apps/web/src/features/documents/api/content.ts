import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { POLL_CONTENT_MS, api, type ConversionStatus } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { isEmbeddable } from '../lib/content';
import { documentKeys } from './keys';

export interface DocumentContent {
  /** SHA-256 of the content shown ('' when there is none). */
  hash: string;
  /** base64, or null when the document has no content to show. */
  content: string | null;
  mimeType: string;
  /** The content is the signed and sealed PDF (the document is Signed). */
  signed: boolean;
}

/**
 * Reads the preview content. With `hash` the server answers no content when it is unchanged: then the
 * previous content is kept (the same object, so nothing re-renders). `force` always reads it.
 */
export async function fetchContent(
  id: string,
  previous: DocumentContent | undefined,
  { force = false, signal }: { force?: boolean; signal?: AbortSignal } = {},
): Promise<DocumentContent> {
  const hash = previous?.hash || undefined;
  const reply = await call(api.documents.content, {
    params: { id, hash },
    query: { force: force ? 'true' : undefined },
    signal,
  });
  if (reply.content === null && previous && previous.hash === reply.hash) return previous;
  return {
    hash: reply.hash,
    content: reply.content,
    mimeType: reply.contentMimeType,
    signed: reply.signed ?? false,
  };
}

/**
 * The content of a document, polled every 15 s with the current hash while it can be embedded (SPEC §2.4).
 * The key holds the conversion status, so a finished conversion reads the new PDF at once.
 */
export const contentQuery = (queryClient: QueryClient, id: string, conversion: ConversionStatus) => {
  const queryKey = documentKeys.content(id, conversion);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchContent(id, queryClient.getQueryData(queryKey), { signal }),
    refetchInterval: (query) => (isEmbeddable(query.state.data?.mimeType) ? POLL_CONTENT_MS : false),
    refetchOnWindowFocus: false,
    staleTime: POLL_CONTENT_MS,
  });
};

export function useDocumentContent(
  queryClient: QueryClient,
  id: string,
  conversion: ConversionStatus,
  enabled: boolean,
) {
  return useQuery({ ...contentQuery(queryClient, id, conversion), enabled });
}

/** Refresh below Signing (SPEC §2.4): the content is read again even when its hash is unchanged. */
export async function forceReloadContent(
  queryClient: QueryClient,
  id: string,
  conversion: ConversionStatus,
): Promise<void> {
  const queryKey = documentKeys.content(id, conversion);
  const content = await fetchContent(id, queryClient.getQueryData(queryKey), { force: true });
  queryClient.setQueryData(queryKey, content);
}
