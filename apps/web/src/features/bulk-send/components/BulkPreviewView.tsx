import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BulkPreview, BulkPreviewRow } from '@sinetti/contract';
import { ResponsiveTable, type ListColumn } from '../../../components/ResponsiveTable';
import { errorText } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';

export interface BulkPreviewViewProps {
  preview: BulkPreview;
  onBack: () => void;
  onSend: () => void;
  sending: boolean;
  error: unknown;
}

/** At most this many rows are listed (problems first); the counts above cover every row. */
const SHOWN_ROWS = 200;

const hasProblems = (row: BulkPreviewRow) => Object.keys(row.problems).length > 0;

/**
 * The second step: what the server found in the file and in each row, what sending costs, the balance
 * after (when the caller may see it) and the e-mails against the hourly limit. Only a file without
 * problems can be sent.
 */
export function BulkPreviewView({ preview, onBack, onSend, sending, error }: BulkPreviewViewProps) {
  const { t } = useTranslation('bulk');
  const rows = [...preview.rows.filter(hasProblems), ...preview.rows.filter((r) => !hasProblems(r))];
  const sendable =
    preview.fileProblems.length === 0 && preview.validRows > 0 && preview.validRows === preview.rows.length;
  const columns: ListColumn<BulkPreviewRow>[] = [
    { id: 'line', header: t('table.line'), cell: (r) => r.line, phone: 'meta' },
    { id: 'name', header: t('table.document'), cell: (r) => r.name, phone: 'title' },
    {
      id: 'signees',
      header: t('table.signees'),
      cell: (r) => r.signees.map((s) => s.email).join(', '),
    },
    {
      id: 'problems',
      header: t('table.problems'),
      cell: (r) =>
        hasProblems(r) ? (
          <Text size="sm" c="red">
            {Object.entries(r.problems)
              .map(([column, problem]) => `${column}: ${t(`cellProblems.${problem}`)}`)
              .join('; ')}
          </Text>
        ) : (
          t('rowOk')
        ),
    },
  ];

  return (
    <Stack gap="md">
      {preview.fileProblems.length > 0 && (
        <Alert color="red" role="alert">
          <List size="sm">
            {preview.fileProblems.map((p, i) => (
              <List.Item key={i}>
                {t(`fileProblems.${p.problem}`, { column: p.column, line: p.line })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Stack gap={4} role="status">
        <Text size="sm" fw={500}>
          {t('summary', { valid: preview.validRows, total: preview.rows.length })}
        </Text>
        <Text size="sm">
          {t('cost', { total: formatMoney(preview.totalCents), each: formatMoney(preview.perDocumentCents) })}
        </Text>
        {preview.balanceCents !== null && preview.balanceAfterCents !== null && (
          <Text size="sm">
            {t('balance', {
              balance: formatMoney(preview.balanceCents),
              after: formatMoney(preview.balanceAfterCents),
            })}
          </Text>
        )}
        <Text size="sm">{t('emails', { count: preview.emailCount, limit: preview.emailLimitPerHour })}</Text>
      </Stack>
      {preview.enough === false && (
        <Alert color="yellow" role="note">
          {t('notEnough')}
        </Alert>
      )}
      {!sendable && preview.rows.length > 0 && <Alert color="red">{t('fixFirst')}</Alert>}
      {rows.length > 0 && (
        <ResponsiveTable
          label={t('title')}
          rows={rows.slice(0, SHOWN_ROWS)}
          rowKey={(r) => String(r.line)}
          columns={columns}
        />
      )}
      {error !== null && (
        <Alert color="red" role="alert">
          {errorText(error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {t('back')}
        </Button>
        <Button onClick={onSend} disabled={!sendable} loading={sending}>
          {t('send', { count: preview.validRows })}
        </Button>
      </Group>
    </Stack>
  );
}
