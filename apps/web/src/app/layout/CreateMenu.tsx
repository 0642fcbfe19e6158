import type { ReactNode } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconFilePlus, IconFolderPlus, IconPlus, IconTemplate, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { P } from '@sinetti/contract';
import { usePermissions } from '../../lib/permissions';
import { SoonNote, SoonTooltip } from './Soon';

/**
 * The Create button (SPEC §2.5), shown only with the documents-create permission. Its entries
 * arrive with the documents feature; until then they are visibly unavailable.
 */
export function CreateMenu() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  if (!permissions.can(P.DOCUMENTS_CREATE)) return null;

  const items: { key: string; label: string; icon: ReactNode }[] = [
    { key: 'folder', label: t('nav.newFolder'), icon: <IconFolderPlus size={16} aria-hidden /> },
    { key: 'document', label: t('nav.newDocument'), icon: <IconFilePlus size={16} aria-hidden /> },
    { key: 'template', label: t('nav.newTemplate'), icon: <IconTemplate size={16} aria-hidden /> },
    { key: 'upload', label: t('nav.upload'), icon: <IconUpload size={16} aria-hidden /> },
  ];

  return (
    <Menu position="bottom-start" width="target" shadow="md">
      <Menu.Target>
        <Button fullWidth size="md" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('nav.create')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <SoonTooltip key={item.key}>
            <Menu.Item
              leftSection={item.icon}
              aria-disabled
              c="dimmed"
              closeMenuOnClick={false}
              style={{ cursor: 'not-allowed' }}
              onClick={(e) => e.preventDefault()}
            >
              {item.label}
              <SoonNote />
            </Menu.Item>
          </SoonTooltip>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
