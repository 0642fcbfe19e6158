import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconClock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../../components/MessagePage';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api';
import { errorText, hasReason } from '../../../lib/errors';
import { usePainted } from '../../../lib/usePainted';
import { formatDateTime } from '../../../lib/dates';
import { changeLanguage, currentLanguage, isLanguage } from '../../../lib/i18n';
import { navigate, useSearchParam } from '../../../lib/page-navigation';
import { fetchSessionPdf, sessionQuery, signDocument, type SignatureValue } from '../api/public';
import { DeclineButton } from './DeclineButton';
import { useSessionPresence } from './useSessionPresence';
import { PdfPages } from './PdfPages';
import { SessionEnded } from './SessionEnded';
import { SigningActionBar } from './SigningActionBar';
import { currentStep } from './SigningSteps';

// The code step and the signature sit below the document: their code (form fields, the signature pad)
// is fetched once the page has painted, so that neither its first load (issue #12 item 8: within its
// budget) nor its first paint waits for it.
const CodeStep = lazy(async () => ({ default: (await import('./CodeStep')).CodeStep }));
const SignatureFields = lazy(async () => ({ default: (await import('./SignatureFields')).SignatureFields }));

/** Its (lazy) children once the page has painted; a loader of their height until they are there. */
function AfterPaint({ children }: { children: ReactNode }) {
  const painted = usePainted();
  const loader = <PageLoader minHeight={120} size="sm" />;
  return painted ? <Suspense fallback={loader}>{children}</Suspense> : loader;
}

/** True once `iso` has passed, checked every 15 seconds. */
function usePassed(iso: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return iso !== undefined && Date.parse(iso) <= now;
}

/**
 * The built-in signing page (SPEC §4.2): in the signee's language, every page of the PDF, the e-mailed
 * code, the signature (drawn or typed), the intent checkbox; the session's 60-minute end shown. A sticky
 * action bar shows the step (read → code → sign), jumps to it and holds Sign. Focus follows the steps:
 * the code field after the code is sent, the signature after the code is confirmed.
 */
export function SigningSessionPage({ sessionToken }: { sessionToken: string }) {
  const { t } = useTranslation('signee');
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery(sessionToken));
  const [viewed, setViewed] = useState(false);
  const [signature, setSignature] = useState<SignatureValue | null>(null);
  const [intent, setIntent] = useState(false);
  const [signing, setSigning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** Why the session ended, when the server said so (its reason is shown in the user's language). */
  const [ended, setEnded] = useState<ApiError | null>(null);
  /** This signee declined here, or the server said another one had. */
  const [declined, setDeclined] = useState(false);
  useSessionPresence(sessionToken, setEnded);
  const [codeFocus, setCodeFocus] = useState(0);
  const signatureTitle = useRef<HTMLHeadingElement>(null);
  const data = session.data;
  const expired = usePassed(data?.expiresAt) || ended !== null;
  useDocumentTitle(data ? `${t('session.title', { name: data.document.name })} · Sinetti` : 'Sinetti');

  // The lang query parameter (set by the start page) wins; otherwise the session's language.
  const wanted = useSearchParam('lang') ?? data?.lang;
  useEffect(() => {
    if (isLanguage(wanted) && wanted !== currentLanguage()) void changeLanguage(wanted);
  }, [wanted]);

  const onSessionProblem = (err: ApiError) => {
    if (err.code === 'CONFLICT' || err.code === 'NOT_FOUND') setEnded(err);
  };

  if (session.isPending) {
    return <PageLoader />;
  }
  if (declined || hasReason(ended ?? session.error, 'SIGNING_DECLINED')) {
    return (
      <MessagePage title={t('start.declinedTitle')} icon={<IconBan size={30} aria-hidden />}>
        {data ? t('start.declinedText', { document: data.document.name }) : t('start.declinedTextUnnamed')}
      </MessagePage>
    );
  }
  if (session.isError || !data || expired) return <SessionEnded error={ended ?? session.error} />;
  if (data.signed) {
    return <MessagePage title={t('session.signedTitle')}>{t('session.signedText')}</MessagePage>;
  }

  const verified = data.codeVerified;
  const ready = verified && viewed && signature !== null && intent;
  const step = currentStep({ viewed, verified });
  const focusSignature = () => {
    const title = signatureTitle.current;
    title?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    title?.focus({ preventScroll: true });
  };
  const jump = () => {
    if (verified) focusSignature();
    else setCodeFocus((n) => n + 1);
  };
  const sign = async () => {
    if (!ready || signing || !signature) return;
    setSigning(true);
    setFailure(null);
    try {
      const reply = await signDocument(sessionToken, signature);
      navigate(new URL(reply.redirect, window.location.origin).pathname, { replace: true });
    } catch (err) {
      setSigning(false);
      if (
        err instanceof ApiError &&
        (err.code === 'NOT_FOUND' ||
          hasReason(
            err,
            'SIGNING_SESSION_EXPIRED',
            'SIGNING_SESSION_REPLACED',
            'SIGNING_CANCELLED',
            'SIGNING_DECLINED',
            'SIGNING_SESSION_IDLE',
            'SIGNING_EXPIRED',
          ))
      )
        setEnded(err);
      else setFailure(errorText(err, t('session.signFailed')));
    }
  };

  return (
    <Container size={960} py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={26}>
            {t('session.title', { name: data.document.name })}
          </Title>
          <Text c="dimmed">
            {t('session.signer', { name: data.signee.fullName, email: data.signee.email })}
          </Text>
          <Group gap={6} c="dimmed">
            <IconClock size={16} aria-hidden />
            <Text size="sm" data-testid="signing-expires">
              {t('session.expires', { time: formatDateTime(data.expiresAt) })}
            </Text>
          </Group>
        </Stack>
        <section aria-label={t('session.document')}>
          <Text size="sm" c="dimmed" mb="xs">
            {t('session.pages', { count: data.document.pages })}
          </Text>
          <PdfPages
            sourceKey={sessionToken}
            load={(signal) => fetchSessionPdf(sessionToken, signal)}
            pages={data.document.pages}
            onLoaded={() => setViewed(true)}
          />
        </section>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="code-title">
          <Title order={2} fz="lg" mb="sm" id="code-title">
            {t('session.codeTitle')}
          </Title>
          <AfterPaint>
            <CodeStep
              sessionToken={sessionToken}
              email={data.signee.email}
              codeSentAt={data.codeSentAt}
              codeExpiresAt={data.codeExpiresAt}
              verified={verified}
              focusRequest={codeFocus}
              onVerified={() => {
                void queryClient
                  .invalidateQueries({ queryKey: sessionQuery(sessionToken).queryKey })
                  .then(focusSignature);
              }}
              onSessionProblem={onSessionProblem}
            />
          </AfterPaint>
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="signature-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="signature-title" ref={signatureTitle} tabIndex={-1}>
              {t('session.signatureTitle')}
            </Title>
            <AfterPaint>
              <SignatureFields
                placeholder={data.signee.fullName}
                onSignature={setSignature}
                intent={intent}
                onIntent={setIntent}
              />
            </AfterPaint>
            {failure && <Alert color="red">{failure}</Alert>}
          </Stack>
        </Paper>
        <SigningActionBar
          step={step}
          ready={ready}
          signing={signing}
          onSign={() => void sign()}
          onJump={jump}
        >
          <DeclineButton from={{ session: sessionToken }} onDeclined={() => setDeclined(true)} />
        </SigningActionBar>
      </Stack>
    </Container>
  );
}
