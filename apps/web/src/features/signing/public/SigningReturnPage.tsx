import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ErrorReason } from '@sinetti/contract';
import { MessagePage } from '../../../components/MessagePage';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api';
import { errorText, hasReason } from '../../../lib/errors';
import { linkTo, navigate } from '../../../lib/page-navigation';
import { providerReturn, type ProviderAnswer } from '../api/public';
import { forgetReturn, goToProvider, sessionForReturn } from '../lib/provider-return';
import { SessionEnded } from './SessionEnded';

/** The provider's answer in the return address's query (`error_description` as the contract's errorDescription). */
export function answerOf(search: string): ProviderAnswer | null {
  const query = new URLSearchParams(search);
  const state = query.get('state');
  if (!state) return null;
  const answer: ProviderAnswer = { state };
  const code = query.get('code');
  const iss = query.get('iss');
  const error = query.get('error');
  const description = query.get('error_description');
  if (code) answer.code = code;
  if (iss) answer.iss = iss;
  if (error) answer.error = error;
  if (description) answer.errorDescription = description.slice(0, 1000);
  return answer;
}

/**
 * Problems after which the session stays usable: the page says why (from the reason) and offers the way
 * back to the signing page, where the signee tries again.
 */
const RETRYABLE = [
  'IDENTIFICATION_CANCELLED',
  'IDENTIFICATION_FAILED',
  'NAME_MISMATCH',
  'REMOTE_AUTHORIZATION_FAILED',
  'PROVIDER_UNAVAILABLE',
  'REMOTE_SIGNING_STALE',
] as const satisfies readonly ErrorReason[];
type Retryable = (typeof RETRYABLE)[number];

/** Reasons that end the session itself: the ended page, as on the signing page. */
const SESSION_ENDED: ErrorReason[] = [
  'SIGNING_SESSION_EXPIRED',
  'SIGNING_SESSION_REPLACED',
  'SIGNING_CANCELLED',
  'SIGNING_DECLINED',
  'SIGNING_SESSION_IDLE',
  'SIGNING_EXPIRED',
];

/**
 * Each answer is told to the server once per page load: React's development double effects (and a
 * re-render) share the first call, since an authorization code can be exchanged only once.
 */
const pending = new Map<string, ReturnType<typeof providerReturn>>();
function tellOnce(sessionToken: string, answer: ProviderAnswer) {
  let call = pending.get(answer.state);
  if (!call) {
    call = providerReturn(sessionToken, answer);
    pending.set(answer.state, call);
    const done = () => pending.delete(answer.state);
    call.then(done, done);
  }
  return call;
}

/**
 * /public/signing/return (issue #29): where the eID provider and the QTSP send the signee back, with
 * code and state (or an error) in the query. The signing session is the one this tab kept under the state
 * before leaving; the server checks the answer and says what follows: back to the signing page
 * (identified), on to the QTSP (authorize the signature), or the result page (signed).
 */
export function SigningReturnPage({ search }: { search: string }) {
  const { t } = useTranslation('signee');
  // Read once: the state's entry is forgotten as soon as the server has answered.
  const [{ answer, sessionToken }] = useState(() => {
    const found = answerOf(search);
    return { answer: found, sessionToken: found ? sessionForReturn(found.state) : null };
  });
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!answer || !sessionToken) return;
    let live = true;
    tellOnce(sessionToken, answer).then(
      (reply) => {
        if (!live) return;
        forgetReturn(answer.state);
        if (reply.next === 'provider' && reply.redirectUrl) {
          goToProvider(reply.redirectUrl, sessionToken);
        } else if (reply.next === 'done' && reply.redirect) {
          navigate(new URL(reply.redirect, window.location.origin).pathname, { replace: true });
        } else {
          navigate(`/public/session/${encodeURIComponent(sessionToken)}`, { replace: true });
        }
      },
      (err: unknown) => {
        if (!live) return;
        forgetReturn(answer.state);
        setFailure(err);
      },
    );
    return () => {
      live = false;
    };
    // The answer is the page's address: read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!answer || !sessionToken) {
    return (
      <MessagePage title={t('return.missingTitle')} icon={<IconLink size={30} aria-hidden />}>
        {t('return.missingText')}
      </MessagePage>
    );
  }
  if (failure === null) return <PageLoader />;
  if ((failure instanceof ApiError && failure.code === 'NOT_FOUND') || hasReason(failure, ...SESSION_ENDED)) {
    return <SessionEnded error={failure} />;
  }
  const reason = hasReason(failure, ...RETRYABLE) ? (failure.reason as Retryable) : null;
  return (
    <MessagePage
      title={reason ? t(`return.titles.${reason}`) : t('return.failedTitle')}
      icon={<IconAlertTriangle size={30} aria-hidden />}
      actions={
        <Button
          component="a"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          {...linkTo(`/public/session/${encodeURIComponent(sessionToken)}`)}
        >
          {t('return.back')}
        </Button>
      }
    >
      {reason ? errorText(failure) : t('return.failedText')}
    </MessagePage>
  );
}
