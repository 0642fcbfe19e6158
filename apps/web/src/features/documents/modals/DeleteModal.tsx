import { Button, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AppModal, ModalConfirmButton, type ModalComponentProps } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { errorText, hasReason } from '../../../lib/errors';
import { useDeleteDocument } from '../api/mutations';

/**
 * document-delete (SPEC §2.7, §4.1: deleting is permanent): a confirmation. A failure shows a toast and
 * the dialog closes (SPEC §8). Deleting the page's own document or folder goes to the folder above.
 */
export function DeleteModal({ props, opened, close }: ModalComponentProps<'document-delete'>) {
  const { t } = useTranslation('documents');
  const { document } = props;
  const remove = useDeleteDocument();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const confirm = () => {
    if (remove.isPending) return;
    remove.mutate(document.id, {
      onSuccess: () => {
        showSuccess(t('delete.done', { name: document.name }));
        const onItsPage = pathname === `/document/${document.id}` || pathname === `/documents/${document.id}`;
        if (onItsPage) void navigate(document.parent ? `/documents/${document.parent}` : '/documents');
      },
      // Refusals the user can act on say why (cancel the signing, ask someone who sees the folder's documents).
      onError: (err) =>
        showError(
          hasReason(err, 'SIGNING_IN_PROGRESS', 'FOLDER_HOLDS_UNSEEN') ? errorText(err) : t('delete.failed'),
        ),
      onSettled: close,
    });
  };

  return (
    <AppModal
      destructive
      opened={opened}
      onClose={close}
      title={t('delete.title')}
      icon={<IconTrash size={18} aria-hidden />}
      overlayClose
    >
      <Text>
        {t(document.type === 'folder' ? 'delete.textFolder' : 'delete.text', { name: document.name })}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={remove.isPending}>
          {t('actions.cancel')}
        </Button>
        <ModalConfirmButton onClick={confirm} loading={remove.isPending}>
          {t('delete.confirm')}
        </ModalConfirmButton>
      </Group>
    </AppModal>
  );
}
