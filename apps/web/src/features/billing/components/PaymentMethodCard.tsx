import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useModals } from '../../../components/modals';
import { paymentMethodQuery } from '../api/payments';
import { BillingCard, CardFailed, CardLoading } from './BillingCard';

/** The saved card (brand, last four digits, expiry) or none, and the button that adds or replaces it. */
export function PaymentMethodCard() {
  const { t } = useTranslation('billing');
  const modals = useModals();
  const query = useQuery(paymentMethodQuery);
  const data = query.data;
  const method = data?.paymentMethod ?? null;
  const action = data?.provider ? (
    <Button
      size="xs"
      variant={method ? 'default' : 'filled'}
      leftSection={<IconCreditCard size={16} aria-hidden />}
      onClick={() => modals.open('payment-method-add')}
    >
      {method ? t('paymentMethod.replace') : t('paymentMethod.add')}
    </Button>
  ) : null;

  return (
    <BillingCard title={t('paymentMethod.title')} action={action}>
      {query.isError && <CardFailed onRetry={() => void query.refetch()} />}
      {!data && !query.isError && <CardLoading />}
      {data && !data.provider && <Text c="dimmed">{t('paymentMethod.notConfigured')}</Text>}
      {data?.provider && !method && <Text c="dimmed">{t('paymentMethod.none')}</Text>}
      {method && (
        <div>
          <Group gap="xs">
            <Text fw={600} data-testid="billing-card">
              {t('paymentMethod.card', { brand: brandName(method.brand), last4: method.last4 })}
            </Text>
            {method.testMode && (
              <Badge color="red" variant="filled" size="sm">
                {t('testMode')}
              </Badge>
            )}
          </Group>
          {method.expMonth && method.expYear && (
            <Text size="sm" c="dimmed">
              {t('paymentMethod.expires', {
                month: String(method.expMonth).padStart(2, '0'),
                year: method.expYear,
              })}
            </Text>
          )}
        </div>
      )}
    </BillingCard>
  );
}

/** "visa" → "Visa", "mastercard" → "Mastercard". */
function brandName(brand: string): string {
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}
