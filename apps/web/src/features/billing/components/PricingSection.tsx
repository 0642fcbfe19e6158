import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { pricesQuery } from '../api/prices';
import { PLAN_LABEL } from '../lib/labels';
import { CardFailed, CardLoading } from './BillingCard';

/** The method named after this instance's host: its own e-mail code signing. */
const HOST_METHOD = 'host-email-sms';

/** Settings → Signature Pricing (open to all, SPEC §6, §9): every signing method with its price or '-'. */
export function PricingSection() {
  const { t } = useTranslation('billing');
  const query = useQuery(pricesQuery);
  if (query.isError) return <CardFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <CardLoading />;
  const { methods, currency, plan } = query.data;

  return (
    <>
      <Text c="dimmed" mb="md">
        {t('pricing.text', { plan: t(PLAN_LABEL[plan]) })}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" striped aria-label={t('pricing.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pricing.method')}</Table.Th>
              <Table.Th>{t('pricing.level')}</Table.Th>
              <Table.Th ta="right">{t('pricing.price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {methods.map((method) => (
              <Table.Tr key={method.id}>
                <Table.Td>
                  {method.name}
                  {method.id === HOST_METHOD && (
                    <Text size="xs" c="dimmed">
                      {t('pricing.hostMethod')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{method.level ? t(`pricing.levels.${method.level}`) : '-'}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {method.value === null ? (
                    <span title={t('pricing.unavailable')}>-</span>
                  ) : (
                    formatMoney(method.value, { currency })
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
