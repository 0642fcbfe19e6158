import { NavLink, Stack } from '@mantine/core';
import { IconBell, IconBuilding, IconDevices, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PAGE_LABEL, PROFILE_PAGES, type ProfilePage } from '../lib/pages';

const ICONS = {
  'language-and-region': IconLanguage,
  organizations: IconBuilding,
  notifications: IconBell,
  sessions: IconDevices,
} as const;

/** The profile's side menu; links keep the `back` query parameter. */
export function ProfileMenu({ active }: { active: ProfilePage }) {
  const { t } = useTranslation('profile');
  const { search } = useLocation();
  return (
    <Stack component="nav" gap={2} aria-label={t('menu.label')}>
      {PROFILE_PAGES.map((page) => {
        const Icon = ICONS[page];
        return (
          <NavLink
            key={page}
            component={Link}
            to={`/profile/${page}${search}`}
            label={t(PAGE_LABEL[page])}
            leftSection={<Icon size={18} aria-hidden />}
            active={page === active}
            aria-current={page === active ? 'page' : undefined}
          />
        );
      })}
    </Stack>
  );
}
