import { Button } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../components/MessagePage';
import { isSignedIn } from '../lib/session';
import { useSession } from '../lib/useSession';

/** 404 (SPEC §2.1): the button leads to the Dashboard when signed in, otherwise to sign-in. */
export default function NotFound() {
  const { t } = useTranslation();
  const signedIn = isSignedIn(useSession());
  return (
    <MessagePage
      title={t('notFound.title')}
      icon={<IconMapQuestion size={30} aria-hidden />}
      actions={
        <Button component={Link} to={signedIn ? '/' : '/signin'}>
          {signedIn ? t('notFound.toDashboard') : t('notFound.toSignIn')}
        </Button>
      }
    >
      {signedIn ? t('notFound.textSignedIn') : t('notFound.textSignedOut')}
    </MessagePage>
  );
}
