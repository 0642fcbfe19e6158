import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useModals } from '../../../components/modals';
import { formatMoney } from '../../../lib/money';
import { planQuery } from '../api/plan';
import { BillingCard, CardFailed, CardLoading } from './BillingCard';

/** The balance (plan credit while paid plus money paid in, SPEC §3) and the Add balance button. */
export function BalanceCard() {
  const { t } = useTranslation('billing');
  const modals = useModals();
  const query = useQuery(planQuery);
  const data = query.data;
  return (
    <BillingCard
      title={t('balance.title')}
      action={
        <Button
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => modals.open('balance-add')}
        >
          {t('balance.add')}
        </Button>
      }
    >
      {query.isError && <CardFailed onRetry={() => void query.refetch()} />}
      {!data && !query.isError && <CardLoading />}
      {data && (
        <>
          <Text fz={32} fw={700} lh={1.2} data-testid="billing-balance">
            {formatMoney(data.plan.balance, { currency: data.plan.currency })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('balance.text')}
            {data.company.paid && data.company.freeBalance > 0 && (
              <>
                {' '}
                {t('balance.planCredit', {
                  amount: formatMoney(data.company.freeBalance, { currency: data.plan.currency }),
                })}
              </>
            )}
          </Text>
        </>
      )}
    </BillingCard>
  );
}
