import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { Document } from '@sinetti/contract';
import { DocumentTable } from './DocumentTable';
import { EmptyState } from './EmptyState';
import { ListLoading } from './ListLoading';

export interface DocumentListPageProps<TReply, TKey extends QueryKey> {
  title: string;
  subtitle?: ReactNode;
  /** Any list query whose data (after select) is the documents. */
  query: UseQueryOptions<TReply, Error, Document[], TKey>;
  empty: { title: string; text: string };
  /** A failed query shows an empty list (search) instead of staying on the loader (other lists, SPEC §8). */
  emptyOnError?: boolean;
}

/** A titled list of documents from one query: search results, a state, the template library. */
export function DocumentListPage<TReply, TKey extends QueryKey>({
  title,
  subtitle,
  query,
  empty,
  emptyOnError = false,
}: DocumentListPageProps<TReply, TKey>) {
  const result = useQuery(query);
  useDocumentTitle(`${title} · Sinetti`);
  const documents = result.isError && emptyOnError ? [] : result.data;

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
      {documents && documents.length === 0 && <EmptyState title={empty.title} text={empty.text} />}
      {documents && documents.length > 0 && <DocumentTable documents={documents} label={title} />}
    </Stack>
  );
}
