import type { WebhookEndpoint } from '@sinetti/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, ModalConfirmButton } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useRotateWebhookSecret } from '../api/webhooks';
import { SecretWithCopy } from './SecretWithCopy';

/**
 * Rotates an endpoint's signing secret once confirmed (deliveries are signed with the new one only from then
 * on, so the receiver must get it at once), then shows the new secret to copy.
 */
export function RotateSecretDialog({
  endpoint,
  onClose,
  onRotated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  /** Called when the server has made the new secret: any old secret shown elsewhere is stale. */
  onRotated: () => void;
}) {
  const { t } = useTranslation('integrations');
  const rotate = useRotateWebhookSecret();
  // Shown again later, the dialog starts from the question, and the new secret is not shown twice.
  const close = () => {
    rotate.reset();
    onClose();
  };
  const confirm = () => {
    if (!endpoint || rotate.isPending) return;
    rotate.mutate(endpoint.id, {
      onSuccess: onRotated,
      onError: (error) => {
        showError(errorText(error, t('webhooks.rotate.failed')), t('webhooks.rotate.failed'));
        close();
      },
    });
  };
  const secret = rotate.data?.secret;
  return (
    <AppModal
      opened={endpoint !== null}
      onClose={close}
      title={t('webhooks.rotate.title')}
      icon={<IconKey size={18} aria-hidden />}
    >
      {secret ? (
        <Stack gap="md">
          <Text>{t('webhooks.rotate.done')}</Text>
          <SecretWithCopy secret={secret} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('webhooks.rotate.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{t('webhooks.rotate.text', { url: endpoint?.url ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={rotate.isPending}>
              {t('webhooks.rotate.cancel')}
            </Button>
            <ModalConfirmButton onClick={confirm} loading={rotate.isPending} data-autofocus>
              {t('webhooks.rotate.confirm')}
            </ModalConfirmButton>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
