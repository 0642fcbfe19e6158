import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconClock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { SigningField } from '@sinetti/contract';
import { MessagePage } from '../../../components/MessagePage';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api';
import { errorText, hasReason } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/dates';
import { changeLanguage, currentLanguage, isLanguage } from '../../../lib/i18n';
import { navigate, useSearchParam } from '../../../lib/page-navigation';
import { fetchSessionPdf, remoteSign, sessionQuery, signDocument, type SignatureValue } from '../api/public';
import { goToProvider } from '../lib/provider-return';
import { DeclineButton } from './DeclineButton';
import { useFieldWalk } from './useFieldWalk';
import { useSessionPresence } from './useSessionPresence';
import { postEmbedEvent, useEmbedEvent } from '../lib/embed';
import { PdfPages } from './PdfPages';
import { SessionEnded } from './SessionEnded';
import { SigningActionBar } from './SigningActionBar';
import { AfterPaint, checkDone, SigningCheck } from './SigningCheck';
import { currentStep, stepsOf } from './SigningSteps';

// The signature pad is fetched once the page has painted (see SigningCheck.tsx).
const SignatureFields = lazy(async () => ({ default: (await import('./SignatureFields')).SignatureFields }));
// The fields' overlay and walk are fetched only for a signee who has fields: other documents never load them.
const FieldOverlay = lazy(async () => ({ default: (await import('./FieldOverlay')).FieldOverlay }));
const FieldWalker = lazy(async () => ({ default: (await import('./FieldWalker')).FieldWalker }));

/** A session without fields (one stable array, so that the walk's values are not made again each render). */
const NO_FIELDS: readonly SigningField[] = [];

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
 * The built-in signing page (SPEC §4.2): in the signee's language, every page of the PDF, the flow's check
 * (the e-mailed code, or for an advanced signature the eID identification; issue #29), the signature
 * (drawn or typed), the intent checkbox; the session's 60-minute end shown. A sticky action bar shows the
 * step (read → code or identify → sign), jumps to it and holds Sign; for a qualified signature Sign goes on
 * to the QTSP, where the signee authorizes it. Focus follows the steps: the code field after the code is
 * sent, the signature after the code is confirmed. When the sender placed fields for this signee (issue #33
 * item 2), they lie over the pages and a walk in the action bar leads through them; their values go with
 * the signature, and Sign waits until every required one is filled.
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
  const walk = useFieldWalk(data?.fields ?? NO_FIELDS, signature !== null);
  const expired = usePassed(data?.expiresAt) || ended !== null;
  useDocumentTitle(data ? `${t('session.title', { name: data.document.name })} · Sinetti` : 'Sinetti');

  // The lang query parameter (set by the start page) wins; otherwise the session's language.
  const wanted = useSearchParam('lang') ?? data?.lang;
  useEffect(() => {
    if (isLanguage(wanted) && wanted !== currentLanguage()) void changeLanguage(wanted);
  }, [wanted]);

  // Embedded signing: a framing page of an allowed origin learns that the signee declined, or that this
  // page can go no further (the session ended or expired) and the frame can close.
  const endedHere = expired || ended !== null;
  const refused = declined || hasReason(ended ?? session.error, 'SIGNING_DECLINED');
  useEmbedEvent('sinetti:declined', refused, data?.embedOrigins, data?.document.id);
  useEmbedEvent('sinetti:closed', endedHere && !refused && !!data, data?.embedOrigins, data?.document.id);

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

  const flow = data.flow;
  const verified = checkDone(data);
  const ready = verified && viewed && signature !== null && intent && walk.left === 0;
  const step = currentStep({ viewed, verified, flow });
  const focusSignature = () => {
    const title = signatureTitle.current;
    title?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    title?.focus({ preventScroll: true });
  };
  const jump = () => {
    if (!verified) setCodeFocus((n) => n + 1);
    else if (walk.left > 0) walk.next();
    else focusSignature();
  };
  const sign = async () => {
    if (!ready || signing || !signature) return;
    setFailure(null);
    if (!walk.validate()) return;
    setSigning(true);
    const fields = walk.body();
    try {
      if (flow === 'qtsp') {
        // Signed here; the QTSP asks the signee to authorize the signature, then sends them back.
        const reply = await remoteSign(sessionToken, signature, fields);
        goToProvider(reply.redirectUrl, sessionToken);
        return;
      }
      const reply = await signDocument(sessionToken, signature, fields);
      postEmbedEvent('sinetti:signed', data?.embedOrigins, data?.document.id);
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
      else if (walk.showServerProblems(err)) setFailure(t('fields.failed'));
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
            {...(walk.fields.length > 0
              ? {
                  overlay: (page: number) => (
                    <Suspense fallback={null}>
                      <FieldOverlay
                        page={page}
                        walk={walk}
                        signature={signature}
                        onSignatureField={focusSignature}
                      />
                    </Suspense>
                  ),
                }
              : {})}
          />
        </section>
        <SigningCheck
          sessionToken={sessionToken}
          data={data}
          focusRequest={codeFocus}
          onVerified={() => {
            void queryClient
              .invalidateQueries({ queryKey: sessionQuery(sessionToken).queryKey })
              .then(focusSignature);
          }}
          onSessionProblem={onSessionProblem}
        />
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="signature-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="signature-title" ref={signatureTitle} tabIndex={-1}>
              {t('session.signatureTitle')}
            </Title>
            {flow === 'qtsp' && (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm">{t('remote.text', { method: data.signee.methodName })}</Text>
                {data.signee.methodTest && (
                  <Badge
                    color="orange"
                    variant="filled"
                    style={{ flexShrink: 0 }}
                    title={t('identify.testHint')}
                  >
                    {t('identify.test')}
                  </Badge>
                )}
              </Group>
            )}
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
          steps={stepsOf(flow)}
          {...(flow === 'qtsp'
            ? {
                signLabel: t('remote.sign', { method: data.signee.methodName }),
                signHint: t('remote.hint', { method: data.signee.methodName }),
              }
            : {})}
          ready={ready}
          signing={signing}
          onSign={() => void sign()}
          onJump={jump}
          walker={
            walk.fields.length > 0 && (
              <Suspense fallback={null}>
                <FieldWalker walk={walk} />
              </Suspense>
            )
          }
          fieldsLeft={walk.left > 0}
        >
          <DeclineButton from={{ session: sessionToken }} onDeclined={() => setDeclined(true)} />
        </SigningActionBar>
      </Stack>
    </Container>
  );
}
