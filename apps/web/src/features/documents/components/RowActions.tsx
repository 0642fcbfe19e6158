import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconFolderShare, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Document } from '@sinetti/contract';
import { useModals } from '../../../components/modals';
import type { DocumentPermissions } from '../hooks/useDocumentPermissions';

/**
 * Row actions (SPEC §2.3): rename and move (documents edit), permissions (documents view roles), delete
 * (documents delete). Nothing shows when the user may do none of them.
 */
export function RowActions({ document, can }: { document: Document; can: DocumentPermissions }) {
  const { t } = useTranslation('documents');
  const modals = useModals();
  if (!can.edit && !can.delete && !can.viewRoles) return null;
  const ref = { id: document.id, name: document.name, type: document.type, parent: document.parent };
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('list.rowActions', { name: document.name })}
          onClick={(e) => e.stopPropagation()}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        {can.edit && (
          <Menu.Item
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => modals.open('document-rename', { document: ref })}
          >
            {t('actions.rename')}
          </Menu.Item>
        )}
        {can.edit && (
          <Menu.Item
            leftSection={<IconFolderShare size={16} aria-hidden />}
            onClick={() => modals.open('document-move', { document: ref })}
          >
            {t('actions.move')}
          </Menu.Item>
        )}
        {can.viewRoles && (
          <Menu.Item
            leftSection={<IconLock size={16} aria-hidden />}
            onClick={() => modals.open('document-roles', { document: ref, abilities: can })}
          >
            {t('actions.permissions')}
          </Menu.Item>
        )}
        {can.delete && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => modals.open('document-delete', { document: ref })}
          >
            {t('actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
