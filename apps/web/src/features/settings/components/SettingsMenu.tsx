import { NavLink, Stack } from '@mantine/core';
import {
  IconAppWindow,
  IconCreditCard,
  IconInfoCircle,
  IconKey,
  IconReceipt,
  IconShieldLock,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SETTINGS_PAGE_LABEL, type SettingsPageName } from '../lib/sections';

const ICONS = {
  information: IconInfoCircle,
  users: IconUsers,
  permissions: IconShieldLock,
  'api-keys': IconKey,
  webhooks: IconWebhook,
  embedding: IconAppWindow,
  billing: IconCreditCard,
  pricing: IconReceipt,
} as const;

/** The side menu of organization settings: only the pages the user may open; links keep `back`. */
export function SettingsMenu({ pages, active }: { pages: SettingsPageName[]; active: SettingsPageName }) {
  const { t } = useTranslation('settings');
  const { search } = useLocation();
  return (
    <Stack component="nav" gap={2} aria-label={t('menu.label')}>
      {pages.map((page) => {
        const Icon = ICONS[page];
        return (
          <NavLink
            key={page}
            component={Link}
            to={`/settings/${page}${search}`}
            label={t(SETTINGS_PAGE_LABEL[page])}
            leftSection={<Icon size={18} aria-hidden />}
            active={page === active}
            aria-current={page === active ? 'page' : undefined}
          />
        );
      })}
    </Stack>
  );
}
