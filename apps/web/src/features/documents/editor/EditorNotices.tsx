import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import type { Draft } from './drafts';
import type { EditLock } from './useEditLock';

/** Someone else edits: who, until when at the latest, and a way to try again (issue 13 item 2). */
export function LockNotice({ lock, onRetry }: { lock: EditLock; onRetry: () => void }) {
  const { t } = useTranslation('editor');
  if (lock.state !== 'locked' && lock.state !== 'lost') return null;
  const lost = lock.state === 'lost';
  return (
    <Alert color="orange" role="alert" title={lost ? t('lostTitle') : t('lockedTitle', { name: lock.by })}>
      <Text size="sm">
        {lost
          ? t('lost', { name: lock.by })
          : t('locked', { time: lock.until ? formatDateTime(lock.until) : '—' })}
      </Text>
      <Button size="xs" variant="default" mt="xs" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}

/**
 * Unsaved changes this browser kept (issue 13 item 2). Made on the file now stored: restore or discard.
 * Made on a file someone has saved over since: only download (restoring would overwrite their save unseen).
 */
export function DraftNotice({
  draft,
  current,
  onRestore,
  onDownload,
  onDiscard,
}: {
  draft: Draft;
  current: boolean;
  onRestore: () => void;
  onDownload: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('editor');
  const time = formatDateTime(draft.savedAt);
  return (
    <Alert color="blue" role="status" title={t('draftTitle')}>
      <Text size="sm">{current ? t('draft', { time }) : t('draftStale', { time })}</Text>
      <Group gap="xs" mt="xs">
        {current ? (
          <Button size="xs" onClick={onRestore}>
            {t('draftRestore')}
          </Button>
        ) : (
          <Button size="xs" onClick={onDownload}>
            {t('draftDownload')}
          </Button>
        )}
        <Button size="xs" variant="default" onClick={onDiscard}>
          {t('draftDiscard')}
        </Button>
      </Group>
    </Alert>
  );
}
