import { useState } from 'react';
import { WEBHOOK_EVENTS, type WebhookEventType } from '@sinetti/contract';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useCreateWebhook } from '../api/webhooks';
import { SecretWithCopy } from './SecretWithCopy';

/** Adds an endpoint: its address and events, then its signing secret to copy. */
export function CreateWebhookDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setUrl('');
    setEvents([]);
    setSecret(null);
    create.reset();
    onClose();
  };
  const submit = () => {
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (reply) => setSecret(reply.secret),
        onError: (error) =>
          showError(errorText(error, t('webhooks.create.failed')), t('webhooks.create.failed')),
      },
    );
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('webhooks.create.title')}
      icon={<IconWebhook size={18} aria-hidden />}
    >
      {secret ? (
        <Stack gap="md">
          <Text>{t('webhooks.create.done')}</Text>
          <SecretWithCopy secret={secret} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('webhooks.create.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <TextInput
            label={t('webhooks.create.url')}
            placeholder="https://example.com/webhooks/sinetti"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            required
          />
          <Checkbox.Group
            label={t('webhooks.create.events')}
            value={events}
            onChange={(v) => setEvents(v as WebhookEventType[])}
          >
            <Stack gap={4} mt="xs">
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox key={e} value={e} label={t(`webhooks.events.${e}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('webhooks.create.cancel')}
            </Button>
            <Button
              onClick={submit}
              loading={create.isPending}
              disabled={url.trim() === '' || events.length === 0}
            >
              {t('webhooks.create.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
