import type { ReactNode } from 'react';
import { AppShell, NavLink, Stack } from '@mantine/core';
import {
  IconArchive,
  IconBell,
  IconFiles,
  IconLayoutDashboard,
  IconMessage,
  IconSettings,
  IconTemplate,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { P } from '@sinetti/contract';
import { LicencesLink } from '../../components/LicencesLink';
import { useLinkWithBack } from '../../lib/navigation';
import { usePermissions } from '../../lib/permissions';
import { CreateMenu } from './CreateMenu';
import { NavGroup } from './NavGroup';
import { FeedbackNavItem } from '../../features/feedback/FeedbackNavItem';
import { OrganizationSelector } from './OrganizationSelector';
import { NotificationsNavItem } from '../../features/notifications/NotificationsNavItem';

function RouteLink({
  to,
  label,
  icon,
  active,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  active: boolean;
}) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
}

/** The navigation (SPEC §2.5): Create, organization selector, then the link groups. */
export function Navigation() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const withBack = useLinkWithBack();
  const permissions = usePermissions();
  const icon = (Icon: typeof IconFiles) => <Icon size={18} stroke={1.6} aria-hidden />;

  return (
    <>
      <AppShell.Section p="md">
        <Stack gap="sm">
          <CreateMenu />
          <OrganizationSelector />
        </Stack>
      </AppShell.Section>
      <AppShell.Section grow px="xs" pb="md" style={{ overflowY: 'auto' }}>
        <Stack component="nav" aria-label={t('nav.label')} gap="md">
          <NavGroup title={t('nav.groups.documents')}>
            <RouteLink
              to="/"
              label={t('nav.dashboard')}
              icon={icon(IconLayoutDashboard)}
              active={pathname === '/'}
            />
            <RouteLink
              to="/documents"
              label={t('nav.documents')}
              icon={icon(IconFiles)}
              active={pathname.startsWith('/documents') || pathname.startsWith('/document/')}
            />
            <RouteLink
              to="/templates"
              label={t('nav.templates')}
              icon={icon(IconTemplate)}
              active={pathname === '/templates'}
            />
            <RouteLink
              to="/filtered/archived"
              label={t('nav.archive')}
              icon={icon(IconArchive)}
              active={pathname === '/filtered/archived'}
            />
          </NavGroup>
          <NavGroup title={t('nav.groups.organization')}>
            <NotificationsNavItem icon={icon(IconBell)} />
            {permissions.can(P.ORG_VIEW_DETAILS) && (
              <RouteLink
                to={withBack('/settings')}
                label={t('nav.settings')}
                icon={icon(IconSettings)}
                active={pathname.startsWith('/settings')}
              />
            )}
          </NavGroup>
          <FeedbackNavItem
            icon={icon(IconMessage)}
            wrap={(item) => <NavGroup title={t('nav.groups.help')}>{item}</NavGroup>}
          />
        </Stack>
      </AppShell.Section>
      <AppShell.Section px="md" pb="md">
        <LicencesLink />
      </AppShell.Section>
    </>
  );
}
