import type { ReactNode } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import {
  IconEdit,
  IconHistory,
  IconArchive,
  IconArchiveOff,
  IconChevronDown,
  IconDots,
  IconDownload,
  IconLock,
  IconPencil,
  IconRefresh,
  IconSend,
  IconShare,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Document } from '@sinetti/contract';
import { useModals } from '../../../components/modals';
import { usePhone } from '../../../components/ResponsiveTable';
import { errorText } from '../../../lib/errors';
import { showError, showSuccess } from '../../../components/toast';
import { useArchiveDocument } from '../api/mutations';
import { useDocumentAbilities } from '../api/info';
import { useDownload } from '../hooks/useDownload';
import { isArchived } from '../lib/states';

/** A header action that a phone shows in the More menu. */
interface Secondary {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  loading?: boolean;
  danger?: boolean;
}

/**
 * Header actions (SPEC §2.4, §6): `extra` (signing puts send and cancel here), download, refresh, use
 * template, rename, permissions, share, archive or restore, delete — each only when the server's abilities for
 * this document allow it (the rules are never re-derived here). On a phone only `extra` and download stay
 * in sight; the rest are in a More menu. Edit (the built-in editor) comes later.
 */
export function DocumentActions({
  document,
  extra,
  onRefresh,
  refreshing,
}: {
  document: Document;
  extra?: ReactNode;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation('documents');
  const modals = useModals();
  const can = useDocumentAbilities(document.id);
  const phone = usePhone();
  const archive = useArchiveDocument();
  const { download, pending } = useDownload(document);
  const ref = { id: document.id, name: document.name, type: document.type, parent: document.parent };
  const archived = isArchived(document.state);
  const hasPdf = document.conversion === 'done' && document.extension !== 'pdf';

  const toggleArchive = () => {
    archive.mutate(
      { documentId: document.id, archived: !archived },
      {
        onSuccess: () =>
          showSuccess(t(archived ? 'toasts.restored' : 'toasts.archived', { name: document.name })),
        onError: (err) =>
          showError(errorText(err), t(archived ? 'toasts.restoreFailed' : 'toasts.archiveFailed')),
      },
    );
  };

  if (!can) return null;

  const downloadButton = !can.download ? null : hasPdf ? (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={pending}
        >
          {t('actions.download')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('original')}>
          {t('actions.downloadOriginal', { extension: document.extension.toUpperCase() })}
        </Menu.Item>
        <Menu.Item onClick={() => void download('pdf')}>{t('actions.downloadPdf')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  ) : (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => void download()}
      loading={pending}
    >
      {t('actions.download')}
    </Button>
  );

  const secondary: Secondary[] = [
    {
      key: 'refresh',
      label: t('actions.refresh'),
      icon: <IconRefresh size={16} aria-hidden />,
      onClick: onRefresh,
      loading: refreshing,
    },
  ];
  if (can.convert && document.type === 'template') {
    secondary.push({
      key: 'use-template',
      label: t('actions.useTemplate'),
      icon: <IconTemplate size={16} aria-hidden />,
      onClick: () =>
        modals.open('document-create-from-template', {
          parent: document.parent,
          template: { id: document.id, name: document.name },
        }),
    });
  }
  if (can.bulkSend) {
    secondary.push({
      key: 'bulk-send',
      label: t('actions.bulkSend'),
      icon: <IconSend size={16} aria-hidden />,
      onClick: () => modals.open('bulk-send', { template: { id: document.id, name: document.name } }),
    });
  }
  if (document.type !== 'folder') {
    secondary.push({
      key: 'versions',
      label: t('actions.versions'),
      icon: <IconHistory size={16} aria-hidden />,
      onClick: () => modals.open('document-versions', { document: ref, canEdit: can.edit }),
    });
  }
  if (can.rename) {
    secondary.push({
      key: 'rename',
      label: t('actions.rename'),
      icon: <IconPencil size={16} aria-hidden />,
      onClick: () => modals.open('document-rename', { document: ref }),
    });
  }
  if (can.viewRoles) {
    secondary.push({
      key: 'permissions',
      label: t('actions.permissions'),
      icon: <IconLock size={16} aria-hidden />,
      onClick: () => modals.open('document-roles', { document: ref, abilities: can }),
    });
  }
  if (can.share) {
    secondary.push({
      key: 'share',
      label: t('actions.share'),
      icon: <IconShare size={16} aria-hidden />,
      onClick: () => modals.open('document-share', { document: ref }),
    });
  }
  if (archived ? can.restore : can.archive) {
    secondary.push({
      key: 'archive',
      label: t(archived ? 'actions.restore' : 'actions.archive'),
      icon: archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />,
      onClick: toggleArchive,
      loading: archive.isPending,
    });
  }
  if (can.delete) {
    secondary.push({
      key: 'delete',
      label: t('actions.delete'),
      icon: <IconTrash size={16} aria-hidden />,
      onClick: () => modals.open('document-delete', { document: ref }),
      danger: true,
    });
  }

  return (
    <Group gap="xs" role="toolbar" aria-label={t('document.actions')}>
      {extra}
      {can.edit && (
        <Button
          component={Link}
          to={`/edit/${document.id}`}
          variant="default"
          leftSection={<IconEdit size={16} aria-hidden />}
        >
          {t('actions.edit')}
        </Button>
      )}
      {downloadButton}
      {phone ? (
        // Below the sm breakpoint the secondary actions wait in one keyboard-usable menu (issue 12 item 9).
        <Menu position="bottom-end" shadow="md">
          <Menu.Target>
            <Button variant="default" leftSection={<IconDots size={16} aria-hidden />}>
              {t('actions.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {secondary.map((a) => (
              <Menu.Item
                key={a.key}
                leftSection={a.icon}
                color={a.danger ? 'red' : undefined}
                disabled={a.loading}
                onClick={a.onClick}
              >
                {a.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        secondary.map((a) => (
          <Button
            key={a.key}
            variant={a.danger ? 'light' : 'default'}
            color={a.danger ? 'red' : undefined}
            leftSection={a.icon}
            onClick={a.onClick}
            loading={a.loading}
          >
            {a.label}
          </Button>
        ))
      )}
    </Group>
  );
}
