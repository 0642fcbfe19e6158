import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRICE_NAMES } from '@sinetti/contract';
import { useModals } from '../../../components/modals';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { usePermissions } from '../../../lib/permissions';
import { paymentMethodQuery } from '../api/payments';
import { planQuery } from '../api/plan';
import { PLAN_LABEL } from '../lib/labels';
import { BillingCard, CardFailed, CardLoading } from './BillingCard';

/**
 * The plan with its monthly price and payment state. Upgrade shows for an owner when the plan can be
 * upgraded and a payment method exists (SPEC §6); a chosen plan waiting for its payment is pending.
 */
export function PlanCard() {
  const { t } = useTranslation('billing');
  const modals = useModals();
  const { isOwner } = usePermissions();
  const query = useQuery(planQuery);
  const method = useQuery(paymentMethodQuery).data?.paymentMethod ?? null;
  const data = query.data;
  const canUpgrade = Boolean(data?.plan.canUpgrade && isOwner);

  const action =
    canUpgrade && method ? (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconArrowUpRight size={16} aria-hidden />}
        onClick={() => data && modals.open('plan-upgrade', { current: data.plan.name })}
      >
        {t('plan.upgrade')}
      </Button>
    ) : null;

  if (!data) {
    return (
      <BillingCard title={t('plan.title')}>
        {query.isError ? <CardFailed onRetry={() => void query.refetch()} /> : <CardLoading />}
      </BillingCard>
    );
  }
  const { plan, company, unpaidPlan } = data;
  const monthly = plan.prices.find((p) => p.name === PRICE_NAMES.monthly)?.value ?? 0;
  return (
    <BillingCard title={t('plan.title')} action={action}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text fw={700} fz="lg" data-testid="billing-plan">
            {t(PLAN_LABEL[plan.name])}
          </Text>
          {unpaidPlan && (
            <Badge color="yellow" variant="light">
              {t('plan.pending', { plan: t(PLAN_LABEL[unpaidPlan.name]) })}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {monthly > 0
            ? t('plan.monthly', { price: formatMoney(monthly, { currency: plan.currency }) })
            : t('plan.free')}
        </Text>
        {company.paidUntil && (
          <Text size="sm" c="dimmed">
            {t('plan.paidUntil', { date: formatDateTime(company.paidUntil) })}
          </Text>
        )}
        {!company.paid && (
          <Text size="sm" c="orange">
            {t('plan.notPaid')}
          </Text>
        )}
        {canUpgrade && !method && (
          <Text size="sm" c="dimmed">
            {t('plan.upgradeNeedsMethod')}
          </Text>
        )}
      </Stack>
    </BillingCard>
  );
}
