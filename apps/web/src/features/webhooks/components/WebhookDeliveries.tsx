import type { WebhookDelivery, WebhookEndpoint } from '@sinetti/contract';
import { Badge, Button, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedState, LoadingState } from '../../../components/LoadStates';
import { showError, showSuccess } from '../../../components/toast';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { useDeliveries, useRedeliver } from '../api/webhooks';

const STATUS_COLOR = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

/** An endpoint's delivery log: each delivery's status, attempts and answer, and sending one again. */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
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
