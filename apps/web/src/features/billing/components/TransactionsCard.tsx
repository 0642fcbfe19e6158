import { useState } from 'react';
import { Anchor, Group, Pagination, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TransactionName } from '@sinetti/contract';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { pricesQuery } from '../api/prices';
import { TRANSACTIONS_PAGE_SIZE, transactionsQuery } from '../api/transactions';
import { transactionLabel, transactionMethod } from '../lib/labels';
import { BillingCard, CardFailed, CardLoading } from './BillingCard';

/**
 * Every balance movement, newest first: name (a refund says so), the document a signature was for, amount
 * (+ in, − out) and time in Helsinki (SPEC §3).
 */
export function TransactionsCard() {
  const { t } = useTranslation('billing');
  const [page, setPage] = useState(1);
  const query = useQuery(transactionsQuery(page));
  const data = query.data;
  const pages = data ? Math.ceil(data.total / TRANSACTIONS_PAGE_SIZE) : 0;
  // Charges by signing method are named by the price list (read only when a page of the ledger has them).
  const byMethod = !!data?.transactions.some((row) => transactionMethod(row.name) !== null);
  const prices = useQuery({ ...pricesQuery, enabled: byMethod });
  const methodNames = new Map((prices.data?.methods ?? []).map((m) => [m.id, m.name]));
  const label = (name: TransactionName) => transactionLabel(t, name, methodNames);

  return (
    <BillingCard title={t('transactions.title')}>
      {query.isError && <CardFailed onRetry={() => void query.refetch()} />}
      {!data && !query.isError && <CardLoading />}
      {data && data.total === 0 && <Text c="dimmed">{t('transactions.empty')}</Text>}
      {data && data.transactions.length > 0 && (
        <ResponsiveTable
          label={t('transactions.title')}
          rows={data.transactions}
          rowKey={(row) => row.id}
          minWidth={480}
          columns={[
            {
              id: 'name',
              header: t('transactions.name'),
              phone: 'title',
              cell: (row) => (
                <>
                  {row.refund ? t('transactions.refundOf', { name: label(row.name) }) : label(row.name)}
                  {row.document && (
                    <Anchor component={Link} to={`/document/${row.document.id}`} size="xs" display="block">
                      {row.document.name}
                    </Anchor>
                  )}
                </>
              ),
            },
            {
              id: 'amount',
              header: t('transactions.amount'),
              align: 'right',
              cell: (row) => (
                <Text span inherit c={row.amount > 0 ? 'teal.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.amount, { currency: data.currency, signed: true })}
                </Text>
              ),
            },
            {
              id: 'date',
              header: t('transactions.date'),
              cell: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created)}</span>,
            },
          ]}
        />
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
