import { useState } from 'react';
import type { WebhookEndpoint } from '@sinetti/contract';
import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconPlus, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedState, LoadingState } from '../../../components/LoadStates';
import { showError } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useUpdateWebhook, useWebhookSecret, useWebhooks } from '../api/webhooks';
import { CreateWebhookDialog } from './CreateWebhookDialog';
import { DeleteWebhookDialog } from './DeleteWebhookDialog';
import { RotateSecretDialog } from './RotateSecretDialog';
import { WebhookDeliveries } from './WebhookDeliveries';

function EndpointRow({
  endpoint,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onDelete: (e: WebhookEndpoint) => void;
}) {
  const { t } = useTranslation('integrations');
  const [log, setLog] = useState(false);
  const [rotating, setRotating] = useState(false);
  const secret = useWebhookSecret();
  const update = useUpdateWebhook();
  const toggle = () =>
    update.mutate(
      { id: endpoint.id, body: { enabled: !endpoint.enabled } },
      {
        onError: (error) =>
          showError(errorText(error, t('webhooks.toggleFailed')), t('webhooks.toggleFailed')),
      },
    );
  return (
    <Stack gap={4} component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} ff="monospace" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
            <Badge color={endpoint.enabled ? 'green' : 'gray'} variant="light">
              {endpoint.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
            </Badge>
          </Group>
          {endpoint.disabledReason === 'gone' && (
            <Text size="xs" c="red">
              {t('webhooks.gone')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {endpoint.events.map((e) => t(`webhooks.events.${e}`)).join(', ')}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" loading={update.isPending} onClick={toggle}>
            {endpoint.enabled ? t('webhooks.turnOff') : t('webhooks.turnOn')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setLog((v) => !v)}>
            {log ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={secret.isPending}
            onClick={() =>
              secret.mutate(endpoint.id, {
                onError: (error) =>
                  showError(errorText(error, t('webhooks.secretFailed')), t('webhooks.secretFailed')),
              })
            }
          >
            {t('webhooks.showSecret')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconKey size={14} aria-hidden />}
            aria-label={t('webhooks.rotate.label', { url: endpoint.url })}
            onClick={() => setRotating(true)}
          >
            {t('webhooks.rotate.button')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('webhooks.delete.button', { url: endpoint.url })}
            onClick={() => onDelete(endpoint)}
          >
            {t('webhooks.delete.short')}
          </Button>
        </Group>
      </Group>
      {secret.data && (
        <Text size="sm">
          {t('webhooks.secret')} <Code>{secret.data.secret}</Code>
        </Text>
      )}
      {log && <WebhookDeliveries endpoint={endpoint} />}
      <RotateSecretDialog
        endpoint={rotating ? endpoint : null}
        onClose={() => setRotating(false)}
        onRotated={() => secret.reset()}
      />
    </Stack>
  );
}

/** Settings → Webhooks (issue #34 item 2): endpoints, their secrets and delivery logs; docs/integration.md. */
export function WebhooksSection() {
  const { t } = useTranslation('integrations');
  const hooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  return (
    <Stack gap="md">
      <Text size="sm">{t('webhooks.intro')}</Text>
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('webhooks.new')}
        </Button>
      </Group>
      {hooks.isPending ? (
        <LoadingState label={t('webhooks.loading')} />
      ) : hooks.isError ? (
        <LoadFailedState
          title={t('webhooks.loadFailed')}
          retryLabel={t('status.retry', { ns: 'settings' })}
          onRetry={() => void hooks.refetch()}
        />
      ) : hooks.data.webhooks.length === 0 ? (
        <Stack align="center" gap="xs" py="lg">
          <IconWebhook size={32} aria-hidden />
          <Text c="dimmed">{t('webhooks.empty')}</Text>
        </Stack>
      ) : (
        <Stack
          gap="lg"
          component="ul"
          aria-label={t('webhooks.list')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {hooks.data.webhooks.map((w) => (
            <EndpointRow key={w.id} endpoint={w} onDelete={setDeleting} />
          ))}
        </Stack>
      )}
      <CreateWebhookDialog opened={creating} onClose={() => setCreating(false)} />
      <DeleteWebhookDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
