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

const hasProblems = (row: BulkPreviewRow) => Object.keys(row.problems).length > 0;

/**
 * The second step: what the server found in the file and in each row, what sending costs, the balance
 * after (when the caller may see it) and the e-mails against the hourly limit. Only a file without
 * problems can be sent. The server lists at most BULK_PREVIEW_LIST_MAX problems and rows (rows with
 * problems first); the counts cover them all, and "and N more" says what is not listed.
 */
export function BulkPreviewView({ preview, onBack, onSend, sending, error }: BulkPreviewViewProps) {
  const { t } = useTranslation('bulk');
  const { rows, rowCount, fileProblemCount } = preview;
  const sendable = fileProblemCount === 0 && preview.validRows > 0 && preview.validRows === rowCount;
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
      {fileProblemCount > 0 && (
        <Alert color="red" role="alert">
          <List size="sm">
            {preview.fileProblems.map((p, i) => (
              <List.Item key={i}>
                {t(`fileProblems.${p.problem}`, {
                  column: p.column,
                  line: p.line,
                  columns: p.count,
                  max: p.max,
                })}
              </List.Item>
            ))}
            {fileProblemCount > preview.fileProblems.length && (
              <List.Item>
                {t('moreProblems', { count: fileProblemCount - preview.fileProblems.length })}
              </List.Item>
            )}
          </List>
        </Alert>
      )}
      <Stack gap={4} role="status">
        <Text size="sm" fw={500}>
          {t('summary', { valid: preview.validRows, total: rowCount })}
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
      {!sendable && rowCount > 0 && <Alert color="red">{t('fixFirst')}</Alert>}
      {rows.length > 0 && (
        <ResponsiveTable label={t('title')} rows={rows} rowKey={(r) => String(r.line)} columns={columns} />
      )}
      {rowCount > rows.length && (
        <Text size="sm" c="dimmed">
          {t('moreRows', { count: rowCount - rows.length })}
        </Text>
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
