import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Document } from '@sinetti/contract';

/**
 * Documents / folder / … : each folder above links to its listing; `current` (when given) ends the trail
 * as plain text.
 */
export function FolderBreadcrumbs({ folders, current }: { folders: readonly Document[]; current?: string }) {
  const { t } = useTranslation('documents');
  return (
    <nav aria-label={t('breadcrumbs.label')}>
      <Breadcrumbs separator="/" separatorMargin={6}>
        <Anchor component={Link} to="/documents" size="sm">
          {t('breadcrumbs.root')}
        </Anchor>
        {folders.map((folder) => (
          <Anchor key={folder.id} component={Link} to={`/documents/${folder.id}`} size="sm">
            {folder.name}
          </Anchor>
        ))}
        {current !== undefined && (
          <Text size="sm" c="dimmed" aria-current="page">
            {current}
          </Text>
        )}
      </Breadcrumbs>
    </nav>
  );
}
