import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DocumentAbilities } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { documentKeys } from './keys';

/** While the PDF rendition is being made, the document is read again this often to see it finish. */
export const CONVERSION_POLL_MS = 3_000;

/** One document (SPEC §7.3 info); polled while its conversion is pending. */
export const documentQuery = (id: string) =>
  queryOptions({
    queryKey: documentKeys.info(id),
    queryFn: ({ signal }) => call(api.documents.info, { params: { id }, signal }),
    select: (reply) => reply.document,
    refetchInterval: (query) =>
      query.state.data?.document.conversion === 'pending' ? CONVERSION_POLL_MS : false,
  });

export function useDocument(id: string) {
  return useQuery(documentQuery(id));
}

/**
 * What the user may do with the document now, as the server computed it (permissions, the document's
 * roles and its state): the web app gates every action on these and never re-derives the rules. Shares
 * the info query (one request).
 */
export function useDocumentAbilities(id: string): DocumentAbilities | undefined {
  // Another observer of the page's info query: it must not fetch again when it mounts.
  return useQuery({ ...documentQuery(id), select: (reply) => reply.abilities, refetchOnMount: false }).data;
}
