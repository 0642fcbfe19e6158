import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconFlask } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { paymentMethodQuery, useStartPaymentSetup } from '../api/payments';
import { browser } from '../lib/browser';

/**
 * payment-method-add (SPEC §2.7, §4.8): explains that the user leaves for the provider's page; the go
 * button asks for that page and goes there when the status is PAYMENT_METHOD_REQUIRED.
 */
export function PaymentMethodAddModal({ opened, close }: ModalComponentProps<'payment-method-add'>) {
  const { t } = useTranslation('billing');
  const testMode = useQuery(paymentMethodQuery).data?.testMode ?? false;
  const setup = useStartPaymentSetup();
  // Stays true after a successful call: the page is being left.
  const leaving = setup.isPending || setup.data?.status === 'PAYMENT_METHOD_REQUIRED';

  const go = () => {
    setup.mutate(undefined, {
      onSuccess: (reply) => {
        if (reply.status === 'PAYMENT_METHOD_REQUIRED' && reply.redirectUrl) browser.goTo(reply.redirectUrl);
        else showError(t('setup.failed'));
      },
      onError: () => showError(t('setup.failed')),
    });
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('setup.title')}
      icon={<IconCreditCard size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text size="sm">{t('setup.text')}</Text>
        {testMode && (
          <Alert
            color="red"
            variant="light"
            icon={<IconFlask aria-hidden />}
            title={<Badge color="red">{t('testMode')}</Badge>}
          >
            {t('setup.testModeText')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={leaving}>
            {t('setup.cancel')}
          </Button>
          <Button onClick={go} loading={leaving}>
            {t('setup.go')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
