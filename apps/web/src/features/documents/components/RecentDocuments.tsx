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
  return (
    <Stack gap="sm" component="section" aria-labelledby="recent-documents">
      <Title order={2} size="h3" id="recent-documents">
        {t('dashboard.recent')}
      </Title>
      {!recent.data && <ListLoading />}
      {recent.data?.length === 0 && (
        <EmptyState title={t('empty.recentTitle')} text={t('empty.recentText')} action={<UploadAction />} />
      )}
      {recent.data && recent.data.length > 0 && (
        <DocumentTable documents={recent.data} label={t('dashboard.recent')} withActions={false} />
      )}
    </Stack>
  );
}
