import { Anchor, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBell,
  IconCircleCheck,
  IconCircleX,
  IconFolderShare,
  IconMailOpened,
  IconSignature,
  IconWallet,
} from '@tabler/icons-react';
import { notificationPath, type Notification } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedState, LoadingState } from '../../components/LoadStates';
import { formatDateTime, useNow } from '../../lib/dates';
import { formatRelative } from '../../lib/relative-dates';
import { formatMoney } from '../../lib/money';
import { useMarkRead, useNotifications } from './api';
import classes from './notifications.module.css';

const ICONS = {
  'signee-signed': IconSignature,
  'signee-declined': IconCircleX,
  'signing-completed': IconCircleCheck,
  'invitation-received': IconMailOpened,
  'document-shared': IconFolderShare,
  'balance-low': IconWallet,
} as const satisfies Record<Notification['kind'], unknown>;

function Item({ item, now }: { item: Notification; now: number }) {
  const { t } = useTranslation();
  const markRead = useMarkRead();
  const Icon = ICONS[item.kind];
  const text = t(`notifications.kinds.${item.kind}`, {
    document: item.documentName,
    signee: item.signeeName ?? '',
    organization: item.organizationName,
    role: item.roleName ?? '',
    amount: item.balance === null ? '' : formatMoney(item.balance),
  });
  const path = notificationPath(item);
  const read = () => {
    if (!item.read) markRead.mutate(item.id);
  };
  return (
    <Paper withBorder p="sm" radius="md" className={item.read ? undefined : classes.unread}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Icon size={20} aria-hidden className={classes.icon} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={item.read ? 400 : 600}>
            {!item.read && <span className={classes.hidden}>{t('notifications.unreadMark')} </span>}
            {path !== '/notifications' ? (
              <Anchor component={Link} to={path} onClick={read} inherit>
                {text}
              </Anchor>
            ) : (
              text
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {item.organizationName} ·{' '}
            <time dateTime={item.created} title={formatDateTime(item.created)}>
              {formatRelative(item.created, now)}
            </time>
          </Text>
        </Stack>
        {!item.read && (
          <UnstyledButton
            className={classes.markRead}
            onClick={read}
            aria-label={t('notifications.markReadOne', { text })}
          >
            <Text size="xs" c="blue.8">
              {t('notifications.markRead')}
            </Text>
          </UnstyledButton>
        )}
      </Group>
    </Paper>
  );
}

/** Notifications (SPEC §2.5): what happened to the member's documents, newest first, a page at a time. */
export function NotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('nav.notifications')} · Sinetti`);
  const query = useNotifications();
  const markRead = useMarkRead();
  const now = useNow();
  const items = query.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;

  return (
    <Stack gap="lg" maw={760}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('nav.notifications')}</Title>
          <Text c="dimmed" mt={4}>
            {unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('notifications.allRead')}
          </Text>
        </div>
        {unread > 0 && (
          <Button variant="light" onClick={() => markRead.mutate('all')} loading={markRead.isPending}>
            {t('notifications.markAllRead')}
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <LoadingState label={t('notifications.loading')} />
      ) : query.isError ? (
        <LoadFailedState
          title={t('notifications.loadFailed')}
          retryLabel={t('notifications.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <IconBell size={32} aria-hidden className={classes.icon} />
          <Text fw={600}>{t('notifications.emptyTitle')}</Text>
          <Text c="dimmed" ta="center" size="sm">
            {t('notifications.emptyText')}
          </Text>
          <Button component={Link} to="/profile/notifications" variant="light" mt="xs">
            {t('notifications.settings')}
          </Button>
        </Stack>
      ) : (
        <Stack component="ul" gap="xs" className={classes.list} aria-label={t('nav.notifications')}>
          {items.map((item) => (
            <li key={item.id}>
              <Item item={item} now={now} />
            </li>
          ))}
        </Stack>
      )}
      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('notifications.more')}
        </Button>
      )}
    </Stack>
  );
}
