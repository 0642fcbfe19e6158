import type { ReactNode } from 'react';
import { Badge, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isSignedIn } from '../../lib/session';
import { useSession } from '../../lib/useSession';
import { useUnreadNotifications } from './api';

/** The navigation's Notifications (SPEC §2.5), with the count of unread ones. */
export function NotificationsNavItem({ icon }: { icon: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useUnreadNotifications(isSignedIn(useSession())).data?.unread ?? 0;
  const active = pathname === '/notifications';
  return (
    <NavLink
      component={Link}
      to="/notifications"
      label={t('nav.notifications')}
      aria-label={unread > 0 ? t('notifications.navUnread', { count: unread }) : undefined}
      leftSection={icon}
      rightSection={
        unread > 0 ? (
          <Badge size="sm" circle={unread < 10} aria-hidden>
            {unread > 99 ? '99+' : unread}
          </Badge>
        ) : null
      }
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
}
