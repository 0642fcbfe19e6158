import { useState } from 'react';
import { Group, Pagination, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { TRANSACTIONS_PAGE_SIZE, transactionsQuery } from '../api/transactions';
import { TRANSACTION_LABEL } from '../lib/labels';
import { BillingCard, CardFailed, CardLoading } from './BillingCard';

/** Every balance movement, newest first: name, amount (+ in, − out) and time in Helsinki (SPEC §3). */
export function TransactionsCard() {
  const { t } = useTranslation('billing');
  const [page, setPage] = useState(1);
  const query = useQuery(transactionsQuery(page));
  const data = query.data;
  const pages = data ? Math.ceil(data.total / TRANSACTIONS_PAGE_SIZE) : 0;

  return (
    <BillingCard title={t('transactions.title')}>
      {query.isError && <CardFailed onRetry={() => void query.refetch()} />}
      {!data && !query.isError && <CardLoading />}
      {data && data.total === 0 && <Text c="dimmed">{t('transactions.empty')}</Text>}
      {data && data.transactions.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label={t('transactions.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transactions.name')}</Table.Th>
                <Table.Th ta="right">{t('transactions.amount')}</Table.Th>
                <Table.Th>{t('transactions.date')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.transactions.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{t(TRANSACTION_LABEL[row.name])}</Table.Td>
                  <Table.Td
                    ta="right"
                    c={row.amount > 0 ? 'teal.8' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {formatMoney(row.amount, { currency: data.currency, signed: true })}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label={t('transactions.pages')}
          />
        </Group>
      )}
    </BillingCard>
  );
}
