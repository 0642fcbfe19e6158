import { lazy, Suspense, type ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import type { ApiError } from '../../../lib/api';
import { usePainted } from '../../../lib/usePainted';
import type { sessionQuery } from '../api/public';

// The check and the signature sit below the document: their code (form fields, the signature pad) is
// fetched once the page has painted, so that neither its first load (issue #12 item 8: within its budget)
// nor its first paint waits for it.
const CodeStep = lazy(async () => ({ default: (await import('./CodeStep')).CodeStep }));
const IdentifyStep = lazy(async () => ({ default: (await import('./IdentifyStep')).IdentifyStep }));

/** Its (lazy) children once the page has painted; a loader of their height until they are there. */
export function AfterPaint({ children }: { children: ReactNode }) {
  const painted = usePainted();
  const loader = <PageLoader minHeight={120} size="sm" />;
  return painted ? <Suspense fallback={loader}>{children}</Suspense> : loader;
}

/** A signing session as the session query caches it. */
export type SessionData = Awaited<ReturnType<NonNullable<ReturnType<typeof sessionQuery>['queryFn']>>>;

/**
 * The check before signing, by the signee's flow (issue #29): the e-mailed code, or the identification
 * with an eID. A QTSP's flow has none here (the signee authorizes the signature at the QTSP after signing).
 */
export function SigningCheck({
  sessionToken,
  data,
  focusRequest,
  onVerified,
  onSessionProblem,
}: {
  sessionToken: string;
  data: SessionData;
  focusRequest: number;
  onVerified: () => void;
  onSessionProblem: (error: ApiError) => void;
}) {
  const { t } = useTranslation('signee');
  if (data.flow === 'qtsp') return null;
  const eid = data.flow === 'eid';
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="code-title">
      <Title order={2} fz="lg" mb="sm" id="code-title">
        {eid ? t('identify.title') : t('session.codeTitle')}
      </Title>
      <AfterPaint>
        {eid ? (
          <IdentifyStep
            sessionToken={sessionToken}
            methodName={data.signee.methodName}
            methodTest={data.signee.methodTest}
            enteredName={data.signee.fullName}
            identification={data.identification}
            focusRequest={focusRequest}
            onSessionProblem={onSessionProblem}
          />
        ) : (
          <CodeStep
            sessionToken={sessionToken}
            email={data.signee.email}
            codeSentAt={data.codeSentAt}
            codeExpiresAt={data.codeExpiresAt}
            verified={data.codeVerified}
            focusRequest={focusRequest}
            onVerified={onVerified}
            onSessionProblem={onSessionProblem}
          />
        )}
      </AfterPaint>
    </Paper>
  );
}

/** Whether the flow's check is done: the code confirmed, the eID identification made; a QTSP's has none. */
export function checkDone(data: SessionData): boolean {
  if (data.flow === 'eid') return data.identification !== null;
  if (data.flow === 'qtsp') return true;
  return data.codeVerified;
}
