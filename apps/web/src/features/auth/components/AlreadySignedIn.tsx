import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAccount } from '../../../lib/account';
import { signOut } from '../../../lib/sign-out';

/**
 * The provider's return reached a browser that is already signed in (409 ALREADY_SIGNED_IN): the
 * session stays; the person may continue as who they are, or sign out and then sign in again.
 */
export function AlreadySignedIn() {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccount();
  const [pending, setPending] = useState(false);
  const email = account.data?.account.email;

  const leave = async () => {
    setPending(true);
    await signOut(queryClient, () => void navigate('/signin', { replace: true }));
  };

  return (
    <>
      <Alert color="blue" icon={<IconInfoCircle />} title={t('redirect.alreadySignedInTitle')}>
        <Text size="sm">
          {email ? t('redirect.alreadySignedInAs', { email }) : tErrors('reasons.ALREADY_SIGNED_IN')}
        </Text>
      </Alert>
      <Group grow wrap="wrap">
        <Button component={Link} to="/" replace>
          {t('redirect.continue')}
        </Button>
        <Button variant="default" onClick={() => void leave()} loading={pending}>
          {t('redirect.signOut')}
        </Button>
      </Group>
    </>
  );
}
