import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_DEFAULT, api, type Document } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { documentKeys } from './keys';

/** One folder (null: the top level) and its children, folders first, a page at a time (SPEC §2.1). */
export const folderQuery = (parent: string | null) =>
  infiniteQueryOptions({
    queryKey: documentKeys.folder(parent),
    queryFn: ({ pageParam, signal }) =>
      call(api.documents.list, {
        params: { parent: parent ?? undefined },
        query: { limit: LIST_PAGE_DEFAULT, offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * LIST_PAGE_DEFAULT : undefined),
  });

export function useFolder(parent: string | null) {
  return useInfiniteQuery(folderQuery(parent));
}

/** The folders from the top level down to `id` (itself last), for breadcrumbs. */
export async function fetchFolderPath(id: string, signal?: AbortSignal): Promise<Document[]> {
  const path: Document[] = [];
  let next: string | null = id;
  // Folders nest without a limit, but a path longer than this is not shown whole.
  for (let depth = 0; next && depth < 32; depth += 1) {
    const { document }: { document: Document } = await call(api.documents.info, {
      params: { id: next },
      signal,
    });
    path.unshift(document);
    next = document.parent;
  }
  return path;
}

export const folderPathQuery = (id: string | null) =>
  queryOptions({
    queryKey: documentKeys.path(id ?? 'root'),
    queryFn: ({ signal }) => (id ? fetchFolderPath(id, signal) : Promise.resolve([])),
    staleTime: 30_000,
  });

export function useFolderPath(id: string | null) {
  return useQuery(folderPathQuery(id));
}
