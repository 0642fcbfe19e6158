import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Platform } from '@sinetti/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { errorText, hasReason } from '../../../lib/errors';
import { finishProviderSignIn } from '../api/authorize';
import { AlreadySignedIn } from './AlreadySignedIn';

/**
 * The page an identity provider returns to (/redirect/{type?}, SPEC §2.1, §4.4): exchanges the code
 * once, then goes to the setup wizard or to the page the user wanted.
 */
export function SignInReturn() {
  const { t } = useTranslation('auth');
  const { type } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const platform: Platform = type === 'microsoft' ? 'microsoft' : 'google';
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  const incomplete = error !== 'access_denied' && (!code || !state || error !== null);

  useEffect(() => {
    if (error === 'access_denied') {
      navigate('/google-unauthorized', { replace: true });
      return;
    }
    if (!code || !state || error !== null) return;
    let current = true;
    finishProviderSignIn({ platform, code, state }, queryClient).then(
      (path) => {
        if (current) navigate(path, { replace: true });
      },
      (err: unknown) => {
        if (!current) return;
        if (err instanceof ApiError && err.code === 'UNAUTHORIZED_GOOGLE') {
          navigate('/google-unauthorized', { replace: true });
        } else {
          setFailure(err);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [platform, code, state, error, navigate, queryClient]);

  if (hasReason(failure, 'ALREADY_SIGNED_IN')) {
    return (
      <Center mih="100vh" p="md">
        <Stack maw={480} gap="md">
          <AlreadySignedIn />
        </Stack>
      </Center>
    );
  }
  if (incomplete || failure !== null) {
    // Another browser's sign-in link (login CSRF) says so; every other failure has the general text.
    const notBound = hasReason(failure, 'SIGN_IN_NOT_BOUND');
    const text = incomplete
      ? t('redirect.incomplete')
      : notBound
        ? errorText(failure)
        : t('redirect.failedText');
    return (
      <Center mih="100vh" p="md">
        <Stack maw={480} gap="md">
          <Alert
            color="red"
            icon={<IconAlertCircle />}
            title={notBound ? t('redirect.notBoundTitle') : t('redirect.failedTitle')}
          >
            <Text size="sm">{text}</Text>
          </Alert>
          <Button component={Link} to="/signin" replace>
            {notBound ? t('redirect.signInAgain') : t('redirect.backToSignIn')}
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader />
        <Text>{t('redirect.loading')}</Text>
      </Stack>
    </Center>
  );
}
