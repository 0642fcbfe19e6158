import { useDeferredValue } from 'react';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECENT_DOCUMENTS_DASHBOARD } from '@sinetti/contract';
import { recentQuery } from '../api/lists';
import { DocumentTable } from './DocumentTable';
import { UploadAction } from './EmptyActions';
import { EmptyState } from './EmptyState';
import { ListLoading } from './ListLoading';

/** The 8 most recently updated documents, without the actions column (SPEC §2.1). */
export function RecentDocuments() {
  const { t } = useTranslation('documents');
  const recent = useQuery(recentQuery(RECENT_DOCUMENTS_DASHBOARD));
  // The answer's render (a table of 8 rows, ~150 components) is deferred: a query's update renders at
  // once, in one task, while a deferred value renders in slices between which the page answers. The
  // loader stays until the rows are there.
  const documents = useDeferredValue(recent.data);
  return (
    <Stack gap="sm" component="section" aria-labelledby="recent-documents">
      <Title order={2} size="h3" id="recent-documents">
        {t('dashboard.recent')}
      </Title>
      {!documents && <ListLoading />}
      {documents?.length === 0 && (
        <EmptyState title={t('empty.recentTitle')} text={t('empty.recentText')} action={<UploadAction />} />
      )}
      {documents && documents.length > 0 && (
        <DocumentTable documents={documents} label={t('dashboard.recent')} withActions={false} />
      )}
    </Stack>
  );
}
