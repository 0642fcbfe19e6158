import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconClockHour4, IconLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PageAccess } from '../lib/sections';

export function SettingsLoading() {
  const { t } = useTranslation('settings');
  return (
    <Center py="xl" role="status" aria-label={t('status.loading')}>
      <Loader />
    </Center>
  );
}

export function SettingsFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('status.loadFailed')}>
      <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
        {t('status.retry')}
      </Button>
    </Alert>
  );
}

/** Why a page cannot be opened: a personal workspace, the owner only, or a missing permission. */
export function NoAccess({
  reason,
  organization,
}: {
  reason: Exclude<PageAccess, 'open'>;
  organization: string;
}) {
  const { t } = useTranslation('settings');
  if (reason === 'personal') {
    return (
      <Alert color="gray" icon={<IconUser aria-hidden />} title={t('personal.title')}>
        {t('personal.text')}
      </Alert>
    );
  }
  return (
    <Alert color="orange" icon={<IconLock aria-hidden />} title={t('noAccess.title')}>
      {reason === 'owner'
        ? t('noAccess.owner', { organization })
        : t('noAccess.permission', { organization })}
    </Alert>
  );
}

/** A page that arrives with a later release: the organization's name and an honest note, no controls. */
export function SoonSection({ organization, text }: { organization: string; text: string }) {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="md" align="flex-start">
      <div>
        <Text size="sm" c="dimmed">
          {t('soon.organization')}
        </Text>
        <Text fw={600}>{organization}</Text>
      </div>
      <Alert variant="light" color="gray" icon={<IconClockHour4 aria-hidden />} title={t('soon.title')}>
        {text}
      </Alert>
    </Stack>
  );
}
