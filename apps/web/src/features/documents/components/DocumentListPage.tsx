import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import type { Document } from '@sinetti/contract';
import { DocumentTable } from './DocumentTable';
import { EmptyState } from './EmptyState';
import { ListLoading } from './ListLoading';
import { LoadMore } from './LoadMore';

/** A page of any document list. */
interface ListPage {
  documents: Document[];
}

export interface DocumentListPageProps<TPage extends ListPage, TKey extends QueryKey> {
  title: string;
  subtitle?: ReactNode;
  /** A list query that answers a page at a time (one page for search results). */
  query: UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage, unknown>, TKey, number>;
  empty: { title: string; text: string; action?: ReactNode };
  /** A failed query shows an empty list (search) instead of staying on the loader (other lists, SPEC §8). */
  emptyOnError?: boolean;
}

/** A titled list of documents from one query: search results, a state, the template library. */
export function DocumentListPage<TPage extends ListPage, TKey extends QueryKey>({
  title,
  subtitle,
  query,
  empty,
  emptyOnError = false,
}: DocumentListPageProps<TPage, TKey>) {
  const result = useInfiniteQuery(query);
  useDocumentTitle(`${title} · Sinetti`);
  const loaded = result.data?.pages.flatMap((page) => page.documents);
  const documents = result.isError && emptyOnError ? [] : loaded;

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{title}</Title>
        {subtitle && (
          <Text c="dimmed" mt={4}>
            {subtitle}
          </Text>
        )}
      </div>
      {!documents && <ListLoading />}
      {documents && documents.length === 0 && <EmptyState {...empty} />}
      {documents && documents.length > 0 && <DocumentTable documents={documents} label={title} />}
      <LoadMore list={result} />
    </Stack>
  );
}
