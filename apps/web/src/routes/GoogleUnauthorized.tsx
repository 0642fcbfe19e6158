import { Button } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../components/MessagePage';

/** The identity provider refused the permission Sinetti asked for (SPEC §2.1, §8 UNAUTHORIZED_GOOGLE). */
export default function GoogleUnauthorized() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('googleUnauthorized.title')}
      icon={<IconShieldX size={30} aria-hidden />}
      actions={
        <Button component={Link} to="/signin">
          {t('googleUnauthorized.tryAgain')}
        </Button>
      }
    >
      {t('googleUnauthorized.text')}
    </MessagePage>
  );
}
