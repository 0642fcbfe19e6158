import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';

/** Leaving with unsaved changes: leave (the draft is forgotten) or stay. Shown while the blocker holds. */
export function LeaveQuestion({ blocker, onLeave }: { blocker: Blocker; onLeave: () => Promise<void> }) {
  const { t } = useTranslation('editor');
  if (blocker.state !== 'blocked') return null;
  return (
    <Alert color="orange" role="alertdialog" title={t('unsaved')}>
      <Text size="sm">{t('leaveQuestion')}</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" color="red" onClick={() => void onLeave().then(() => blocker.proceed?.())}>
          {t('leave')}
        </Button>
        <Button size="xs" variant="default" onClick={() => blocker.reset?.()}>
          {t('stay')}
        </Button>
      </Group>
    </Alert>
  );
}
