import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SIGNING_CODE_LENGTH, SIGNING_CODE_RESEND_MS } from '@sinetti/contract';
import { ApiError } from '../../../lib/api';
import { hasReason } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/dates';
import { sendCode, verifyCode } from '../api/public';

export interface CodeStepProps {
  sessionToken: string;
  email: string;
  codeSentAt: string | null;
  codeExpiresAt: string | null;
  verified: boolean;
  onVerified: () => void;
  /** Each change asks for focus: on the code field once a code was sent, else on Send code. */
  focusRequest?: number;
  /** The session ended (409 outside the code's own problems, or 404). */
  onSessionProblem: (error: ApiError) => void;
}

type CodeError =
  { key: 'codeFormat' | 'codeExpired' | 'rateLimited' | 'codeFailed' } | { key: 'wrongCode'; left: number };

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Sending the e-mailed 6-digit code (with the resend wait shown) and checking it. The field takes the
 * focus once a code is sent, accepts a pasted code with spaces or dashes and one-time-code autofill.
 */
export function CodeStep(props: CodeStepProps) {
  const { t } = useTranslation('signee');
  const [sentAt, setSentAt] = useState(props.codeSentAt);
  const [expiresAt, setExpiresAt] = useState(props.codeExpiresAt);
  const [resendAt, setResendAt] = useState<number>(() =>
    props.codeSentAt ? Date.parse(props.codeSentAt) + SIGNING_CODE_RESEND_MS : 0,
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<CodeError | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const now = useNow(resendAt > Date.now());
  const wait = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const input = useRef<HTMLInputElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const [focusCode, setFocusCode] = useState(0);
  const request = props.focusRequest ?? 0;
  useEffect(() => {
    if (request === 0 && focusCode === 0) return;
    const target = input.current ?? sendButton.current;
    target?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    target?.focus({ preventScroll: true });
  }, [request, focusCode]);

  if (props.verified) {
    return (
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
        {t('session.verified')}
      </Alert>
    );
  }

  const send = async () => {
    setBusy('send');
    setError(null);
    try {
      const reply = await sendCode(props.sessionToken);
      setSentAt(reply.codeSentAt);
      setExpiresAt(reply.codeExpiresAt);
      setResendAt(Date.parse(reply.resendAt));
      setCode('');
      setFocusCode((n) => n + 1);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'RATE_LIMITED') setError({ key: 'rateLimited' });
      else if (err instanceof ApiError && (err.code === 'CONFLICT' || err.code === 'NOT_FOUND'))
        props.onSessionProblem(err);
      else setError({ key: 'codeFailed' });
    } finally {
      setBusy(null);
    }
  };

  const verify = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!new RegExp(`^\\d{${SIGNING_CODE_LENGTH}}$`).test(code)) {
      setError({ key: 'codeFormat' });
      return;
    }
    setBusy('verify');
    setError(null);
    try {
      await verifyCode(props.sessionToken, code);
      props.onVerified();
    } catch (err) {
      if (hasReason(err, 'CODE_WRONG')) {
        const left = err.details.attemptsLeft ?? 0;
        setError(left > 0 ? { key: 'wrongCode', left } : { key: 'codeExpired' });
      } else if (hasReason(err, 'CODE_ALREADY_CONFIRMED')) {
        props.onVerified();
      } else if (hasReason(err, 'CODE_EXPIRED', 'CODE_NOT_SENT')) {
        setError({ key: 'codeExpired' });
      } else if (err instanceof ApiError && (err.code === 'CONFLICT' || err.code === 'NOT_FOUND')) {
        props.onSessionProblem(err);
      } else {
        setError({ key: 'codeFailed' });
      }
      setCode('');
    } finally {
      setBusy(null);
    }
  };

  const message = error
    ? error.key === 'wrongCode'
      ? t('session.wrongCode', { count: error.left })
      : t(`session.${error.key}`)
    : null;

  return (
    <Stack gap="sm">
      <Text size="sm">{t('session.codeText', { email: props.email })}</Text>
      <Group gap="sm" align="center">
        <Button
          ref={sendButton}
          variant={sentAt ? 'default' : 'filled'}
          leftSection={<IconMail size={16} aria-hidden />}
          onClick={() => void send()}
          loading={busy === 'send'}
          disabled={wait > 0}
        >
          {sentAt ? t('session.resend') : t('session.sendCode')}
        </Button>
        {wait > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('session.resendIn', { seconds: wait })}
          </Text>
        )}
      </Group>
      {sentAt && expiresAt && (
        <Text size="sm" c="dimmed">
          {t('session.codeSent', { time: formatDateTime(expiresAt) })}
        </Text>
      )}
      {sentAt && (
        <form onSubmit={(e) => void verify(e)} noValidate>
          <Stack gap="xs">
            <Group gap="sm" align="flex-start">
              <TextInput
                ref={input}
                label={t('session.codeLabel')}
                value={code}
                onChange={(e) =>
                  setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, SIGNING_CODE_LENGTH))
                }
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="000000"
                error={Boolean(error)}
                w={160}
                styles={{ input: { letterSpacing: 6, fontVariantNumeric: 'tabular-nums' } }}
              />
              <Button type="submit" loading={busy === 'verify'} mt={25}>
                {t('session.verify')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {message && (
        <Text size="sm" c="red" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
