import { Alert } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Nothing to set yet: e-mail notification settings come with document signing. */
export function NotificationsSection() {
  const { t } = useTranslation('profile');
  return (
    <Alert variant="light" icon={<IconBell />}>
      {t('notifications.text')}
    </Alert>
  );
}
