import { Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, P } from '@sinetti/contract';
import { call } from '../../lib/api';
import { formatMoney } from '../../lib/money';
import { usePermissions } from '../../lib/permissions';

/** Cached under 'plan' like every plan/ reply, so that billing's refresh after a payment updates it. */
export const navigationBalanceQuery = queryOptions({
  queryKey: ['plan', 'balance'],
  queryFn: ({ signal }) => call(api.plan.balance, { signal }),
  staleTime: 30_000,
});

/** The organization's balance under its name (SPEC §2.5, §6: needs organization view balance). */
export function OrganizationBalance() {
  const { t } = useTranslation('billing');
  const allowed = usePermissions().can(P.ORG_VIEW_BALANCE);
  const { data } = useQuery({ ...navigationBalanceQuery, enabled: allowed });
  if (!allowed || !data) return null;
  return (
    <Text size="xs" c="dimmed" truncate data-testid="navigation-balance">
      {t('balance.nav', { amount: formatMoney(data.balance, { currency: data.currency }) })}
    </Text>
  );
}
