import { Button } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../../components/MessagePage';
import { isSignedIn } from '../../../lib/session';
import { useSession } from '../../../lib/useSession';

/**
 * SigningResult (SPEC §2.1): success or failure; the text differs by whether the visitor has a valid
 * session, and continue goes to / when signed in, otherwise to /signup (pages of the app: a page load).
 */
export function SigningResultPage({ result }: { result: string }) {
  const { t } = useTranslation('signee');
  const signedIn = isSignedIn(useSession());
  const success = result === 'success';
  const text = success
    ? signedIn
      ? t('result.successSignedIn')
      : t('result.successSignedOut')
    : signedIn
      ? t('result.failureSignedIn')
      : t('result.failureSignedOut');
  return (
    <MessagePage
      title={success ? t('result.successTitle') : t('result.failureTitle')}
      icon={success ? <IconCircleCheck size={30} aria-hidden /> : <IconCircleX size={30} aria-hidden />}
      actions={
        <Button component="a" href={signedIn ? '/' : '/signup'}>
          {t('result.continue')}
        </Button>
      }
    >
      {text}
    </MessagePage>
  );
}
