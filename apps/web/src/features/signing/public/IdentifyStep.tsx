import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SigneeIdentification } from '@sinetti/contract';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { beginIdentification } from '../api/public';
import { goToProvider } from '../lib/provider-return';
import { IdentificationNote } from './IdentificationNote';

export interface IdentifyStepProps {
  sessionToken: string;
  /** The signee's method for people (e.g. "FTN (FI)") and whether a TEST stand-in serves it. */
  methodName: string;
  methodTest: boolean;
  /** The name the sender entered (shown beside a verified name that differs). */
  enteredName: string;
  identification: SigneeIdentification | null;
  /** Each change asks for focus on the identify button. */
  focusRequest?: number;
  /** The session ended (409 outside the identification's own problems, or 404). */
  onSessionProblem: (error: ApiError) => void;
}

/** Reasons of the identify call that are the identification's own: shown here, the session goes on. */
const OWN_REASONS = new Set(['PROVIDER_UNAVAILABLE', 'WRONG_SIGNING_FLOW', 'IDENTIFICATION_FAILED']);

/**
 * Flow eid (issue #29): "Identify with {method}" begins the identification at the eID provider; before the
 * browser leaves, the session token is kept under the provider URL's state for the return page. Once
 * identified, the verified name and method are shown (and both names when they differ).
 */
export function IdentifyStep(props: IdentifyStepProps) {
  const { t } = useTranslation('signee');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const request = props.focusRequest ?? 0;
  useEffect(() => {
    if (request === 0) return;
    button.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    button.current?.focus({ preventScroll: true });
  }, [request]);

  const found = props.identification;
  if (found) {
    return (
      <IdentificationNote
        identified={t('identify.identified', { name: found.name, method: found.methodName })}
        mismatch={
          found.nameMatches
            ? null
            : t('identify.mismatch', { verified: found.name, entered: props.enteredName })
        }
      />
    );
  }

  const identify = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const reply = await beginIdentification(props.sessionToken);
      goToProvider(reply.redirectUrl, props.sessionToken);
    } catch (err) {
      setBusy(false);
      if (
        err instanceof ApiError &&
        (err.code === 'CONFLICT' || err.code === 'NOT_FOUND') &&
        !(err.reason && OWN_REASONS.has(err.reason))
      )
        props.onSessionProblem(err);
      else setFailure(errorText(err, t('identify.failed')));
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('identify.text', { method: props.methodName })}</Text>
      <Group gap="sm" align="center">
        <Button
          ref={button}
          leftSection={<IconId size={16} aria-hidden />}
          onClick={() => void identify()}
          loading={busy}
        >
          {t('identify.button', { method: props.methodName })}
        </Button>
        {props.methodTest && (
          <Badge color="orange" variant="filled" title={t('identify.testHint')}>
            {t('identify.test')}
          </Badge>
        )}
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
