import { Button } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../components/MessagePage';

/** Shown after the session expired (SPEC §2.1, §8 UNAUTHORIZED_ACCESS). */
export default function SessionExpired() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('sessionExpired.title')}
      icon={<IconClockX size={30} aria-hidden />}
      actions={
        <Button component={Link} to="/signin">
          {t('sessionExpired.signIn')}
        </Button>
      }
    >
      {t('sessionExpired.text')}
    </MessagePage>
  );
}
