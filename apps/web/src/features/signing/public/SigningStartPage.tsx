import { useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconClock, IconLinkOff, IconLock, IconSignature, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { POLL_SIGNEE_LOCKED_MS } from '@sinetti/contract';
import { MessagePage } from '../../../components/MessagePage';
import { showError } from '../../../components/toast';
import { playSound } from '../../../lib/sounds';
import { startSigning, statusQuery } from '../api/public';
import { browserLanguage, signingBrowser, withLang } from '../lib/browser';

export type StartVariant = 'normal' | 'locked' | 'signed' | 'notFound';

/**
 * SigningStart (SPEC §2.1, §4.2): normal, locked (checked again every 15 s; a notification sound when
 * it unlocks or becomes signed), signed or notFound. Start opens the signing session and goes to its
 * URL with the browser's language.
 */
export function SigningStartPage({ token }: { token: string }) {
  const { t } = useTranslation('signing');
  const [locked, setLocked] = useState(false);
  const status = useQuery({
    ...statusQuery(token),
    refetchInterval: locked ? POLL_SIGNEE_LOCKED_MS : false,
    refetchIntervalInBackground: true,
  });
  const [starting, setStarting] = useState(false);
  const data = status.data;
  const variant: StartVariant | null = status.isError
    ? 'notFound'
    : !data
      ? null
      : data.status === 'NOT_FOUND'
        ? 'notFound'
        : data.signed
          ? 'signed'
          : data.locked
            ? 'locked'
            : 'normal';

  const previous = useRef<StartVariant | null>(null);
  useEffect(() => {
    if (variant === null) return;
    if (previous.current === 'locked' && (variant === 'normal' || variant === 'signed')) {
      playSound('notification');
    }
    previous.current = variant;
    setLocked(variant === 'locked');
  }, [variant]);

  const start = async () => {
    setStarting(true);
    try {
      const lang = browserLanguage();
      const reply = await startSigning(token, lang);
      signingBrowser.goTo(withLang(reply.signingUrl, lang));
    } catch {
      setStarting(false);
      showError(t('start.startFailed'));
      void status.refetch();
    }
  };

  if (variant === null) {
    return (
      <Group justify="center" mih="60vh">
        <Loader aria-label={t('app.loading', { ns: 'common' })} />
      </Group>
    );
  }
  if (variant === 'notFound') {
    return (
      <MessagePage title={t('start.notFoundTitle')} icon={<IconLinkOff size={30} aria-hidden />}>
        {t('start.notFoundText')}
      </MessagePage>
    );
  }
  const documentName = data?.documentName ?? '';
  const intro = data?.signeeName
    ? t('start.text', { signee: data.signeeName, document: documentName })
    : t('start.textNoName', { document: documentName });
  if (variant === 'signed') {
    return (
      <MessagePage
        title={t('start.signedTitle')}
        icon={<IconCircleCheck size={30} aria-hidden />}
        actions={
          data?.completed && (
            <Button component={Link} to={`/public/signed/${token}`}>
              {t('start.toDownload')}
            </Button>
          )
        }
      >
        {data?.completed ? t('start.completedText') : t('start.signedText')}
      </MessagePage>
    );
  }
  if (variant === 'locked') {
    return (
      <MessagePage title={t('start.lockedTitle')} icon={<IconLock size={30} aria-hidden />}>
        <Stack gap="xs">
          <Text>{intro}</Text>
          <Text c="dimmed" role="status">
            {t('start.lockedText')}
          </Text>
        </Stack>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      title={t('start.title')}
      icon={<IconSignature size={30} aria-hidden />}
      actions={
        <Button size="md" onClick={() => void start()} loading={starting}>
          {t('start.start')}
        </Button>
      }
    >
      <Stack gap="xs">
        <Text>{intro}</Text>
        <Group gap={6} c="dimmed">
          <IconClock size={16} aria-hidden />
          <Text size="sm">{t('start.limit')}</Text>
        </Group>
      </Stack>
    </MessagePage>
  );
}
