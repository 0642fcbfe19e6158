import { Button, Group, Stack, Text } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, ModalConfirmButton, type ModalComponentProps } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { useCancel } from '../api/process';

/** document-cancel (SPEC §2.7, §4.1): only while Signing; the document goes back to Draft. */
export function CancelModal({ props, opened, close }: ModalComponentProps<'document-cancel'>) {
  const { t } = useTranslation('signing');
  const cancel = useCancel(props.documentId);
  const confirm = () => {
    if (cancel.isPending) return;
    cancel.mutate(undefined, {
      onSuccess: () => {
        close();
        showSuccess(t('cancel.done'));
        props.onCancelled?.();
      },
      onError: () => showError(t('cancel.failed')),
    });
  };
  return (
    <AppModal
      destructive
      opened={opened}
      onClose={close}
      title={t('cancel.title')}
      icon={<IconHandStop size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text size="sm">{t('cancel.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            {t('cancel.keep')}
          </Button>
          <ModalConfirmButton onClick={confirm} loading={cancel.isPending}>
            {t('cancel.confirm')}
          </ModalConfirmButton>
        </Group>
      </Stack>
    </AppModal>
  );
}
