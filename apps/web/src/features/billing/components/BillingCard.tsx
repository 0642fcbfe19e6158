import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One titled card of the Billing page, with an optional action beside the title. */
export function BillingCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function CardLoading() {
  const { t } = useTranslation('billing');
  return (
    <Center py="md" role="status" aria-label={t('status.loading')}>
      <Loader size="sm" />
    </Center>
  );
}

export function CardFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('status.loadFailed')}>
      <Button mt="xs" size="xs" variant="light" color="red" onClick={onRetry}>
        {t('status.retry')}
      </Button>
    </Alert>
  );
}
