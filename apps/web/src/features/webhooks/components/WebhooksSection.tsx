import { useState } from 'react';
import {
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@sinetti/contract';
import { Badge, Button, Checkbox, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconRefresh, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedState, LoadingState } from '../../../components/LoadStates';
import { AppModal, ModalConfirmButton } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useRedeliver,
  useUpdateWebhook,
  useWebhookSecret,
  useWebhooks,
} from '../api/webhooks';

const STATUS_COLOR = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('integrations');
  const deliveries = useDeliveries(endpoint.id);
  const redeliver = useRedeliver();
  if (deliveries.isPending) return <LoadingState label={t('webhooks.deliveries.loading')} />;
  if (deliveries.isError) {
    return (
      <LoadFailedState
        title={t('webhooks.deliveries.loadFailed')}
        retryLabel={t('status.retry', { ns: 'settings' })}
        onRetry={() => void deliveries.refetch()}
      />
    );
  }
  if (deliveries.data.deliveries.length === 0) {
    return <Text c="dimmed">{t('webhooks.deliveries.empty')}</Text>;
  }
  const again = (d: WebhookDelivery) =>
    redeliver.mutate(d.id, {
      onSuccess: () => showSuccess(t('webhooks.deliveries.redelivered')),
      onError: (error) =>
        showError(
          errorText(error, t('webhooks.deliveries.redeliverFailed')),
          t('webhooks.deliveries.redeliverFailed'),
        ),
    });
  return (
    <Table aria-label={t('webhooks.deliveries.title', { url: endpoint.url })} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('webhooks.deliveries.event')}</Table.Th>
          <Table.Th>{t('webhooks.deliveries.status')}</Table.Th>
          <Table.Th>{t('webhooks.deliveries.response')}</Table.Th>
          <Table.Th>{t('webhooks.deliveries.time')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.data.deliveries.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>{d.type}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[d.status]} variant="light">
                {t(`webhooks.deliveries.states.${d.status}`)}
              </Badge>{' '}
              <Text span size="xs" c="dimmed">
                {t('webhooks.deliveries.attempts', { count: d.attempts })}
              </Text>
            </Table.Td>
            <Table.Td>
              {d.responseStatus ?? '–'}
              {d.responseMs !== null ? ` · ${t('webhooks.deliveries.ms', { ms: d.responseMs })}` : ''}
            </Table.Td>
            <Table.Td>{formatDateTime(d.lastAttempt ?? d.created)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={redeliver.isPending && redeliver.variables === d.id}
                onClick={() => again(d)}
              >
                {t('webhooks.deliveries.redeliver')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function EndpointRow({
  endpoint,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onDelete: (e: WebhookEndpoint) => void;
}) {
  const { t } = useTranslation('integrations');
  const [log, setLog] = useState(false);
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
      {log && <Deliveries endpoint={endpoint} />}
    </Stack>
  );
}

function CreateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
          <Code block>{secret}</Code>
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

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
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
      <CreateDialog opened={creating} onClose={() => setCreating(false)} />
      <DeleteDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
