import { Anchor, Breadcrumbs, Center, Loader, NavLink, Paper, ScrollArea, Text } from '@mantine/core';
import { IconChevronRight, IconFolder } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { folderQuery } from '../api/folder';

export interface PickerFolder {
  id: string;
  name: string;
}

/**
 * Browses folders from the top level down. `trail` is the path to the folder being looked at (empty: the
 * top level); the folder `excluded` (the one being moved) cannot be opened, so neither it nor anything
 * inside it can be chosen.
 */
export function FolderPicker({
  trail,
  onTrailChange,
  excluded,
}: {
  trail: PickerFolder[];
  onTrailChange: (trail: PickerFolder[]) => void;
  excluded: string;
}) {
  const { t } = useTranslation('documents');
  const current = trail.at(-1)?.id ?? null;
  const query = useInfiniteQuery(folderQuery(current));
  const folders = (query.data?.pages.flatMap((p) => p.documents) ?? []).filter((d) => d.type === 'folder');

  return (
    <Paper withBorder radius="md" p="xs">
      <Breadcrumbs separator="/" mb="xs" aria-label={t('move.location')}>
        <Anchor component="button" type="button" size="sm" onClick={() => onTrailChange([])}>
          {t('breadcrumbs.root')}
        </Anchor>
        {trail.map((folder, i) => (
          <Anchor
            key={folder.id}
            component="button"
            type="button"
            size="sm"
            onClick={() => onTrailChange(trail.slice(0, i + 1))}
          >
            {folder.name}
          </Anchor>
        ))}
      </Breadcrumbs>
      <ScrollArea.Autosize mah={260}>
        {query.isPending && (
          <Center py="md">
            <Loader size="sm" role="status" aria-label={t('list.loading')} />
          </Center>
        )}
        {query.isSuccess && folders.length === 0 && (
          <Text size="sm" c="dimmed" py="sm" px="xs">
            {t('move.noFolders')}
          </Text>
        )}
        {folders.map((folder) => {
          const self = folder.id === excluded;
          return (
            <NavLink
              key={folder.id}
              component="button"
              type="button"
              label={folder.name}
              description={self ? t('move.itself') : undefined}
              leftSection={<IconFolder size={18} aria-hidden />}
              rightSection={self ? null : <IconChevronRight size={14} aria-hidden />}
              disabled={self}
              aria-label={t('move.open', { name: folder.name })}
              onClick={() => onTrailChange([...trail, { id: folder.id, name: folder.name }])}
            />
          );
        })}
      </ScrollArea.Autosize>
    </Paper>
  );
}
