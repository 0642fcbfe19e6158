import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BulkSendRow } from '@sinetti/contract';
import { ResponsiveTable, type ListColumn } from '../../../components/ResponsiveTable';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { useBulkSend, useRetryBulkSend } from '../api/bulk-send';

/** A failed row's reason in the user's language: its reason's text, else its code's. */
function useRowError() {
  const { t } = useTranslation(['bulk', 'errors']);
  return (error: NonNullable<BulkSendRow['error']>) => {
    if (error.reason) return t(`reasons.${error.reason}`, { ns: 'errors' });
    if (error.code === 'LIMIT_LOW_BALANCE') return t('lowBalance', { ns: 'bulk' });
    return t(`codes.${error.code}`, { ns: 'errors' });
  };
}

/**
 * The third step, and what a started bulk send shows: progress (read again every few seconds while it
 * runs), the wait for the e-mail limit, each row's status, error and document, and Retry failed rows
 * (offered to whom the server says may retry: who started it, or the owner).
 */
export function BulkProgress({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('bulk');
  const bulk = useBulkSend(id);
  const retry = useRetryBulkSend(id);
  const rowError = useRowError();
  if (bulk.isPending) return <Loader size="sm" aria-label={t('title')} />;
  if (bulk.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(bulk.error, t('loadFailed'))}
      </Alert>
    );
  }
  const { bulkSend: s, rows } = bulk.data;
  const percent = s.total === 0 ? 100 : Math.round(((s.sent + s.failed) / s.total) * 100);
  const columns: ListColumn<BulkSendRow>[] = [
    { id: 'line', header: t('table.line'), cell: (r) => r.line, phone: 'meta' },
    {
      id: 'name',
      header: t('table.document'),
      phone: 'title',
      cell: (r) =>
        r.documentId && r.status === 'sent' ? (
          <Anchor component={Link} to={`/document/${r.documentId}`}>
            {r.name}
          </Anchor>
        ) : (
          r.name
        ),
    },
    { id: 'signees', header: t('table.signees'), cell: (r) => r.emails.join(', ') },
    {
      id: 'status',
      header: t('table.status'),
      cell: (r) =>
        r.status === 'failed' && r.error ? (
          <Text size="sm" c="red">
            {t('status.failed')}: {rowError(r.error)}
          </Text>
        ) : (
          t(`status.${r.status}`)
        ),
    },
  ];
  return (
    <Stack gap="md">
      <Stack gap={6} role="status" aria-live="polite">
        <Progress value={percent} aria-label={t('title')} color={s.failed > 0 ? 'yellow' : undefined} />
        <Text size="sm">
          {t('progress', { sent: s.sent, failed: s.failed, pending: s.pending, total: s.total })}
        </Text>
        {s.waitingUntil && (
          <Text size="sm" c="dimmed">
            {t('waitingMail', { time: formatDateTime(s.waitingUntil) })}
          </Text>
        )}
        {s.status === 'done' && <Text size="sm">{t('done')}</Text>}
      </Stack>
      {retry.isError && (
        <Alert color="red" role="alert">
          {errorText(retry.error)}
        </Alert>
      )}
      <ResponsiveTable label={t('title')} rows={rows} rowKey={(r) => String(r.line)} columns={columns} />
      <Group justify="flex-end">
        {s.failed > 0 && bulk.data.mayRetry && (
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={retry.isPending}
            onClick={() => retry.mutate()}
          >
            {t('retry')}
          </Button>
        )}
        <Button onClick={onClose}>{t('close')}</Button>
      </Group>
    </Stack>
  );
}
