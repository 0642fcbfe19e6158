import { Alert } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedState, LoadingState } from '../../../components/LoadStates';
import type { PageAccess } from '../lib/sections';

export function SettingsLoading() {
  const { t } = useTranslation('settings');
  return <LoadingState label={t('status.loading')} />;
}

export function SettingsFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('settings');
  return <LoadFailedState title={t('status.loadFailed')} retryLabel={t('status.retry')} onRetry={onRetry} />;
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
