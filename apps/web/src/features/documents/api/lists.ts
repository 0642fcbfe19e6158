import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  LIST_PAGE_DEFAULT,
  RECENT_DOCUMENTS_DASHBOARD,
  SEARCH_LIMIT_MAX,
  api,
  type Document,
  type DocumentFilter,
} from '@sinetti/contract';
import { call } from '../../../lib/api';
import { documentKeys } from './keys';

const documentsOf = (reply: { documents: Document[] }) => reply.documents;

/** Counters of the dashboard cards: documents per state updated in the last month (SPEC §2.1). */
export const statsQuery = queryOptions({
  queryKey: documentKeys.stats,
  queryFn: ({ signal }) => call(api.documents.stats, { signal }),
});

/** The most recently updated documents (8 on the dashboard). */
export const recentQuery = (limit: number = RECENT_DOCUMENTS_DASHBOARD) =>
  queryOptions({
    queryKey: documentKeys.recent(limit),
    queryFn: ({ signal }) =>
      call(api.documents.search, {
        query: { orderBy: 'updated', orderValue: 'DESC', limit },
        body: { text: '' },
        signal,
      }),
    select: documentsOf,
  });

/** One page of a search listing: the documents, and whether another page follows. */
interface SearchPage {
  documents: Document[];
  hasMore: boolean;
}

/**
 * A search listing a page at a time: `query` is everything but limit and offset. Lists in one order page
 * with "Show more"; a text search ranked by relevance answers its best matches in one page.
 */
function searchPages(
  queryKey: readonly unknown[],
  request: { text: string; filter?: DocumentFilter; query?: Record<string, string> },
  pageSize: number,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }): Promise<SearchPage> =>
      call(api.documents.search, {
        ...(request.filter ? { params: { filter: request.filter } } : {}),
        query: { ...request.query, limit: pageSize, offset: pageParam },
        body: { text: request.text },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: SearchPage, pages: SearchPage[]) =>
      last.hasMore ? pages.length * pageSize : undefined,
  });
}

/** Text search over names and content, best match first (SPEC §2.1 Search): the best 100. */
export const searchQuery = (text: string) =>
  searchPages(documentKeys.search(text), { text }, SEARCH_LIMIT_MAX);

/** Documents in one state (SPEC §2.1 Filtered), most recently updated first. */
export const filteredQuery = (filter: DocumentFilter) =>
  searchPages(
    documentKeys.filtered(filter),
    { text: '', filter, query: { orderBy: 'updated', orderValue: 'DESC' } },
    LIST_PAGE_DEFAULT,
  );

/** The template library: every template by name. */
export const templatesQuery = searchPages(
  documentKeys.templates,
  { text: '', query: { type: 'template', orderBy: 'name', orderValue: 'ASC' } },
  LIST_PAGE_DEFAULT,
);
