import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLANS, type PlanName } from '@sinetti/contract';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { errorText, hasReason } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import { catalogQuery, useUpgradePlan } from '../api/plan';
import { PLAN_LABEL } from '../lib/labels';
import { CardFailed, CardLoading } from './BillingCard';

const rank = (plan: PlanName) => PLANS.indexOf(plan);

/** plan-upgrade: choose a higher plan; its fee is charged to the saved card (POST plan/upgrade). */
export function PlanUpgradeModal({ props, opened, close }: ModalComponentProps<'plan-upgrade'>) {
  const { t } = useTranslation('billing');
  const catalog = useQuery(catalogQuery);
  const upgrade = useUpgradePlan();
  const [choice, setChoice] = useState<PlanName | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const higher = (catalog.data?.plans ?? []).filter((p) => rank(p.name) > rank(props.current));
  const selected = choice ?? higher[0]?.name ?? null;

  const submit = () => {
    if (!selected) return;
    const name = t(PLAN_LABEL[selected]);
    upgrade.mutate(
      { plan: selected, idempotencyKey: key },
      {
        onSuccess: (reply) => {
          if (reply.status === 'OK') showSuccess(t('upgrade.done', { plan: name }));
          else if (reply.status === 'PAYMENT_PENDING') showSuccess(t('upgrade.pending'));
          else if (reply.status === 'PAYMENT_DECLINED')
            showError(t('topUp.declined'), t('topUp.declinedTitle'));
          else showError(t('upgrade.failed'));
          if (reply.status === 'OK' || reply.status === 'PAYMENT_PENDING') close();
          else setKey(crypto.randomUUID());
        },
        onError: (err) =>
          showError(hasReason(err, 'PLAN_PAYMENT_PENDING') ? errorText(err) : t('upgrade.failed')),
      },
    );
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('upgrade.title')}
      icon={<IconArrowUpRight size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text size="sm">{t('upgrade.text')}</Text>
        {catalog.isError && <CardFailed onRetry={() => void catalog.refetch()} />}
        {!catalog.data && !catalog.isError && <CardLoading />}
        {catalog.data && higher.length === 0 && <Text c="dimmed">{t('upgrade.none')}</Text>}
        {higher.length > 0 && (
          <Radio.Group
            label={t('upgrade.choose')}
            value={selected}
            onChange={(v) => setChoice(v as PlanName)}
          >
            <Stack gap="xs" mt="xs">
              {higher.map((p) => (
                <Radio
                  key={p.name}
                  value={p.name}
                  label={t('upgrade.option', {
                    plan: t(PLAN_LABEL[p.name]),
                    price: formatMoney(p.monthlyPrice, { currency: catalog.data?.currency }),
                  })}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={upgrade.isPending}>
            {t('upgrade.cancel')}
          </Button>
          <Button onClick={submit} disabled={!selected} loading={upgrade.isPending}>
            {t('upgrade.submit')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
