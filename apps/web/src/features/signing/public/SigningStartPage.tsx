import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconBan,
  IconClock,
  IconLinkOff,
  IconLock,
  IconSignature,
  IconCircleCheck,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { POLL_SIGNEE_LOCKED_MS } from '@sinetti/contract';
import { MessagePage } from '../../../components/MessagePage';
import { PageLoader } from '../../../components/PageLoader';
import { playSound } from '../../../lib/sounds';
import { startSigning, statusQuery } from '../api/public';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { linkTo } from '../../../lib/page-navigation';
import { signingBrowser, withLang } from '../lib/browser';
import { useSigneeLanguage } from './useSigneeLanguage';
import { DeclineButton } from './DeclineButton';
import { postEmbedEvent } from '../lib/embed';

export type StartVariant = 'normal' | 'locked' | 'notYourTurn' | 'signed' | 'declined' | 'notFound';

/**
 * SigningStart (SPEC §2.1, §4.2): normal, locked (checked again every 15 s; a notification sound when
 * it unlocks or becomes signed), signed or notFound. Shown in the signee's language (useSigneeLanguage);
 * Start opens the signing session in that language and goes to its URL.
 */
export function SigningStartPage({ token }: { token: string }) {
  const { t } = useTranslation('signee');
  const [locked, setLocked] = useState(false);
  const status = useQuery({
    ...statusQuery(token),
    refetchInterval: locked ? POLL_SIGNEE_LOCKED_MS : false,
    refetchIntervalInBackground: true,
  });
  const [starting, setStarting] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  const data = status.data;
  const variant: StartVariant | null = status.isError
    ? 'notFound'
    : !data
      ? null
      : data.status === 'NOT_FOUND'
        ? 'notFound'
        : data.declined
          ? 'declined'
          : data.signed
            ? 'signed'
            : data.notYourTurn
              ? 'notYourTurn'
              : data.locked
                ? 'locked'
                : 'normal';

  const inLanguage = useSigneeLanguage(variant !== null, data?.status === 'OK' ? data.lang : undefined);

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
    setStartFailed(false);
    try {
      const lang = currentLanguage();
      const reply = await startSigning(token, lang);
      signingBrowser.goTo(withLang(reply.signingUrl, lang));
    } catch {
      setStarting(false);
      setStartFailed(true);
      void status.refetch();
    }
  };

  if (variant === null || !inLanguage) {
    return <PageLoader />;
  }
  if (variant === 'notFound' && data?.expired) {
    return (
      <MessagePage title={t('start.expiredTitle')} icon={<IconClock size={30} aria-hidden />}>
        {t('start.expiredText')}
      </MessagePage>
    );
  }
  if (variant === 'notFound') {
    return (
      <MessagePage title={t('start.notFoundTitle')} icon={<IconLinkOff size={30} aria-hidden />}>
        {t('start.notFoundText')}
      </MessagePage>
    );
  }
  if (variant === 'declined') {
    return (
      <MessagePage title={t('start.declinedTitle')} icon={<IconBan size={30} aria-hidden />}>
        {t('start.declinedText', { document: data?.documentName ?? '' })}
      </MessagePage>
    );
  }
  const onDeclined = () => {
    postEmbedEvent('sinetti:declined', data?.embedOrigins);
    void status.refetch();
  };
  const decline = <DeclineButton from={{ link: token }} onDeclined={onDeclined} />;
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
            <Button component="a" {...linkTo(`/public/signed/${token}`)}>
              {t('start.toDownload')}
            </Button>
          )
        }
      >
        {data?.completed ? t('start.completedText') : t('start.signedText')}
      </MessagePage>
    );
  }
  if (variant === 'notYourTurn') {
    // Signing order (issue #33 item 3): earlier signees sign first; not a lock, this signee is e-mailed later.
    return (
      <MessagePage
        title={t('start.notYourTurnTitle')}
        icon={<IconClock size={30} aria-hidden />}
        actions={decline}
      >
        <Stack gap="xs">
          <Text>{intro}</Text>
          <Text c="dimmed" role="status" data-testid="not-your-turn">
            {data?.waitingFor && data.waitingFor.length > 0
              ? t('start.notYourTurnText', { names: data.waitingFor.join(', ') })
              : t('start.notYourTurnTextUnnamed')}
          </Text>
        </Stack>
      </MessagePage>
    );
  }
  if (variant === 'locked') {
    return (
      <MessagePage title={t('start.lockedTitle')} icon={<IconLock size={30} aria-hidden />} actions={decline}>
        <Stack gap="xs">
          <Text>{intro}</Text>
          <Text c="dimmed" role="status">
            {t('start.lockedText')}
          </Text>
          {data?.lockedUntil && (
            <Text c="dimmed" size="sm" data-testid="locked-until">
              {t('start.lockedUntil', { time: formatDateTime(data.lockedUntil) })}
            </Text>
          )}
        </Stack>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      title={t('start.title')}
      icon={<IconSignature size={30} aria-hidden />}
      actions={
        <Group gap="sm">
          {decline}
          <Button size="md" onClick={() => void start()} loading={starting}>
            {t('start.start')}
          </Button>
        </Group>
      }
    >
      <Stack gap="xs">
        <Text>{intro}</Text>
        <Group gap={6} c="dimmed">
          <IconClock size={16} aria-hidden />
          <Text size="sm">{t('start.limit')}</Text>
        </Group>
        {startFailed && (
          <Alert color="red" role="alert">
            {t('start.startFailed')}
          </Alert>
        )}
      </Stack>
    </MessagePage>
  );
}
