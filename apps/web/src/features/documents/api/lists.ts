import { queryOptions } from '@tanstack/react-query';
import {
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

/** Text search over names and content, best match first (SPEC §2.1 Search). */
export const searchQuery = (text: string) =>
  queryOptions({
    queryKey: documentKeys.search(text),
    queryFn: ({ signal }) =>
      call(api.documents.search, { query: { limit: SEARCH_LIMIT_MAX }, body: { text }, signal }),
    select: documentsOf,
  });

/** Documents in one state (SPEC §2.1 Filtered), most recently updated first. */
export const filteredQuery = (filter: DocumentFilter) =>
  queryOptions({
    queryKey: documentKeys.filtered(filter),
    queryFn: ({ signal }) =>
      call(api.documents.search, {
        params: { filter },
        query: { orderBy: 'updated', orderValue: 'DESC', limit: SEARCH_LIMIT_MAX },
        body: { text: '' },
        signal,
      }),
    select: documentsOf,
  });

/** The template library: every template by name. */
export const templatesQuery = queryOptions({
  queryKey: documentKeys.templates,
  queryFn: ({ signal }) =>
    call(api.documents.search, {
      query: { type: 'template', orderBy: 'name', orderValue: 'ASC', limit: SEARCH_LIMIT_MAX },
      body: { text: '' },
      signal,
    }),
  select: documentsOf,
});
