import type { WebhookEndpoint } from '@sinetti/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, ModalConfirmButton } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useDeleteWebhook } from '../api/webhooks';

/** Deletes an endpoint (and its delivery log) once confirmed. */
export function DeleteWebhookDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const remove = useDeleteWebhook();
  const confirm = () => {
    if (!endpoint || remove.isPending) return;
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        showSuccess(t('webhooks.delete.done'));
        onClose();
      },
      onError: (error) => {
        showError(errorText(error, t('webhooks.delete.failed')), t('webhooks.delete.failed'));
        onClose();
      },
    });
  };
  return (
    <AppModal
      destructive
      opened={endpoint !== null}
      onClose={onClose}
      title={t('webhooks.delete.title')}
      icon={<IconTrash size={18} aria-hidden />}
      overlayClose
    >
      <Stack gap="md">
        <Text>{t('webhooks.delete.text', { url: endpoint?.url ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {t('webhooks.delete.cancel')}
          </Button>
          <ModalConfirmButton onClick={confirm} loading={remove.isPending} data-autofocus>
            {t('webhooks.delete.confirm')}
          </ModalConfirmButton>
        </Group>
      </Stack>
    </AppModal>
  );
}
