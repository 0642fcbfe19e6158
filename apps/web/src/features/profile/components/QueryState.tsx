import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Loading and failure states of a profile section. */
export function SectionLoading() {
  const { t } = useTranslation('profile');
  return (
    <Center py="xl" role="status" aria-label={t('status.loading')}>
      <Loader />
    </Center>
  );
}

export function SectionFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={t('status.loadFailed')}>
      <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
        {t('status.retry')}
      </Button>
    </Alert>
  );
}
