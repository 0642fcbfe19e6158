import type { ReactNode } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconFilePlus, IconFolderPlus, IconPlus, IconTemplate, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { P, type CreateType } from '@sinetti/contract';
import { useModals } from '../../components/modals';
import { registerDocumentModals } from '../../features/documents/modals';
import { usePermissions } from '../../lib/permissions';
import { useTourControl } from '../../features/tour/control';

registerDocumentModals();

/**
 * The Create button (SPEC §2.5), shown only with the documents-create permission: new folder, document
 * or template, and upload (SPEC §4.3). On a folder's listing the new item goes into that folder.
 */
export function CreateMenu() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const modals = useModals();
  const parent = useMatch('/documents/:parent')?.params.parent ?? null;
  // The dashboard tour holds the menu open on its Create steps and closed otherwise (SPEC §2.8).
  const held = useTourControl().createMenu;
  if (!permissions.can(P.DOCUMENTS_CREATE)) return null;

  const create = (type: CreateType) => modals.open('document-create-name', { type, parent });
  const items: { key: string; label: string; icon: ReactNode; onClick: () => void }[] = [
    {
      key: 'folder',
      label: t('nav.newFolder'),
      icon: <IconFolderPlus size={16} aria-hidden />,
      onClick: () => create('folder'),
    },
    {
      key: 'document',
      label: t('nav.newDocument'),
      icon: <IconFilePlus size={16} aria-hidden />,
      onClick: () => create('contract'),
    },
    {
      key: 'template',
      label: t('nav.newTemplate'),
      icon: <IconTemplate size={16} aria-hidden />,
      onClick: () => create('template'),
    },
    {
      key: 'upload',
      label: t('nav.upload'),
      icon: <IconUpload size={16} aria-hidden />,
      onClick: () => modals.open('document-upload', { parent }),
    },
  ];

  return (
    <Menu
      position="bottom-start"
      width="target"
      shadow="md"
      {...(held === null
        ? {}
        : { opened: held, onChange: () => undefined, trapFocus: false, closeOnClickOutside: false })}
    >
      <Menu.Target>
        <Button
          data-tour="create-button"
          fullWidth
          size="md"
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {t('nav.create')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.key}
            data-tour={`create-${item.key}`}
            leftSection={item.icon}
            onClick={item.onClick}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
