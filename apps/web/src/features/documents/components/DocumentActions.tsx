import type { ReactNode } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconChevronDown,
  IconDownload,
  IconLock,
  IconPencil,
  IconRefresh,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Document } from '@sinetti/contract';
import { useModals } from '../../../components/modals';
import { errorText } from '../../../lib/errors';
import { showError, showSuccess } from '../../../components/toast';
import { useArchiveDocument } from '../api/mutations';
import { useDocumentAbilities } from '../api/info';
import { useDownload } from '../hooks/useDownload';
import { isArchived } from '../lib/states';

/**
 * Header actions (SPEC §2.4, §6): `extra` (signing puts send and cancel here), download, refresh, use
 * template, rename, permissions, archive or restore, delete — each only when the server's abilities for
 * this document allow it (the rules are never re-derived here). Edit (the built-in editor) comes later.
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

  return (
    <Group gap="xs" role="toolbar" aria-label={t('document.actions')}>
      {extra}
      {downloadButton}
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onRefresh}
        loading={refreshing}
      >
        {t('actions.refresh')}
      </Button>
      {can.convert && document.type === 'template' && (
        <Button
          variant="default"
          leftSection={<IconTemplate size={16} aria-hidden />}
          onClick={() =>
            modals.open('document-create-name', {
              type: 'contract',
              parent: document.parent,
              template: { id: document.id, name: document.name },
            })
          }
        >
          {t('actions.useTemplate')}
        </Button>
      )}
      {can.rename && (
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => modals.open('document-rename', { document: ref })}
        >
          {t('actions.rename')}
        </Button>
      )}
      {can.viewRoles && (
        <Button
          variant="default"
          leftSection={<IconLock size={16} aria-hidden />}
          onClick={() => modals.open('document-roles', { document: ref, abilities: can })}
        >
          {t('actions.permissions')}
        </Button>
      )}
      {(archived ? can.restore : can.archive) && (
        <Button
          variant="default"
          leftSection={
            archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
          }
          onClick={toggleArchive}
          loading={archive.isPending}
        >
          {t(archived ? 'actions.restore' : 'actions.archive')}
        </Button>
      )}
      {can.delete && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => modals.open('document-delete', { document: ref })}
        >
          {t('actions.delete')}
        </Button>
      )}
    </Group>
  );
}
