import type { QueryClient } from '@tanstack/react-query';
import type { ConversionStatus, DocumentFilter } from '@sinetti/contract';

/**
 * Query keys of the documents feature, all under 'documents', so that one invalidation after a change
 * refreshes every list, the counters and the open document.
 */
export const documentKeys = {
  all: ['documents'] as const,
  folder: (parent: string | null) => ['documents', 'folder', parent ?? 'root'] as const,
  path: (id: string) => ['documents', 'path', id] as const,
  info: (id: string) => ['documents', 'info', id] as const,
  roles: (id: string) => ['documents', 'roles', id] as const,
  content: (id: string, conversion: ConversionStatus) => ['documents', 'content', id, conversion] as const,
  stats: ['documents', 'stats'] as const,
  recent: (limit: number) => ['documents', 'recent', limit] as const,
  search: (text: string) => ['documents', 'search', text] as const,
  filtered: (filter: DocumentFilter) => ['documents', 'filtered', filter] as const,
  templates: ['documents', 'templates'] as const,
};

/**
 * After a document was added, changed, moved or removed: every list, counter and document is read again.
 * Contents are left alone (they are polled by hash and reloaded on demand), and so are the queries of
 * `except` (a deleted document).
 */
export function refreshDocuments(queryClient: QueryClient, except?: string): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: documentKeys.all,
    predicate: (query) =>
      query.queryKey[1] !== 'content' && (except === undefined || !query.queryKey.includes(except)),
  });
}
