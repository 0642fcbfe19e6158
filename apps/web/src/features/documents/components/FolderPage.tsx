import { Button, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useBackLink } from '../../../lib/navigation';
import { useFolder, useFolderPath } from '../api/folder';
import { DocumentTable } from './DocumentTable';
import { UploadAction } from './EmptyActions';
import { EmptyState } from './EmptyState';
import { FolderBreadcrumbs } from './FolderBreadcrumbs';
import { ListLoading } from './ListLoading';
import { LoadMore } from './LoadMore';

/** Where an unknown or unusable folder address goes instead of staying on a loader. */
function redirectFor(error: unknown, parent: string): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN') return '/documents';
  // Not a folder: perhaps a document.
  if (error.code === 'VALIDATION_FAILED') return `/document/${parent}`;
  return null;
}

/**
 * /documents/{parent?} (SPEC §2.1): the folder's breadcrumbs, its children (folders first) and an empty
 * state; a folder opened from a list has a back button (SPEC §2.3).
 */
export function FolderPage({ parent }: { parent: string | null }) {
  const { t } = useTranslation('documents');
  const folder = useFolder(parent);
  const path = useFolderPath(parent);
  const { backPath, goBack } = useBackLink('/documents');
  const root = folder.data?.pages[0]?.root ?? null;
  const title = parent ? (root?.name ?? '') : t('breadcrumbs.root');
  useDocumentTitle(`${title || t('breadcrumbs.root')} · Sinetti`);

  const redirect = folder.isError && parent ? redirectFor(folder.error, parent) : null;
  if (redirect) return <Navigate to={redirect} replace />;

  const documents = folder.data?.pages.flatMap((p) => p.documents) ?? [];
  const ancestors = (path.data ?? []).slice(0, -1);

  return (
    <Stack gap="md">
      {parent && backPath && (
        <Group>
          <Button variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={goBack}>
            {t('actions.back')}
          </Button>
        </Group>
      )}
      {parent && <FolderBreadcrumbs folders={ancestors} current={title} />}
      <Title order={1}>{title}</Title>
      {!folder.data && <ListLoading />}
      {folder.data && documents.length === 0 && (
        <EmptyState
          title={t(parent ? 'empty.folderTitle' : 'empty.rootTitle')}
          text={t(parent ? 'empty.folderText' : 'empty.rootText')}
          action={<UploadAction parent={parent} />}
        />
      )}
      {documents.length > 0 && <DocumentTable documents={documents} label={title} foldersFirst />}
      <LoadMore list={folder} />
    </Stack>
  );
}
