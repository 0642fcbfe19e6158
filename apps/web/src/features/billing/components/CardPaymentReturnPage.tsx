import { useEffect } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CARD_RETURN_REDIRECT_MS, PAYMENT_RETURN_MESSAGES } from '@sinetti/contract';
import { MessagePage } from '../../../components/MessagePage';
import { refreshBilling } from '../api/keys';

type ReturnMessage = (typeof PAYMENT_RETURN_MESSAGES)[number];
const isReturnMessage = (value: string | undefined): value is ReturnMessage =>
  (PAYMENT_RETURN_MESSAGES as readonly string[]).includes(value ?? '');

/** The permissions query of lib/permissions ("account-roles"): roles may change with the plan. */
const ROLES_KEY = ['account-roles'];

/**
 * /payment-return/{provider}/{message?} (SPEC §2.1): the card payment provider sends the browser here.
 * Shows a loader and what happened, refreshes plan, payment method and roles, and after 2.5 s goes on to
 * /settings/billing.
 */
export function CardPaymentReturnPage() {
  const { t } = useTranslation('billing');
  const { message } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    void refreshBilling(queryClient);
    void queryClient.invalidateQueries({ queryKey: ROLES_KEY });
    const timer = setTimeout(() => {
      void navigate('/settings/billing', { replace: true });
    }, CARD_RETURN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, queryClient]);

  return (
    <MessagePage title={t('return.title')} icon={<IconCreditCard size={30} aria-hidden />}>
      <Text>{t(`return.${isReturnMessage(message) ? message : 'unknown'}`)}</Text>
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{t('return.redirecting')}</Text>
      </Group>
    </MessagePage>
  );
}
