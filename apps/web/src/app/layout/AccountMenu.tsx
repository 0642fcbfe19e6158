import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconUser, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModals } from '../../components/modals';
import { initialsOf, useAccount } from '../../lib/account';
import { useLinkWithBack } from '../../lib/navigation';

/** Avatar with the user's initials (or an empty person icon) and the menu My profile / Sign out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { data } = useAccount();
  const modals = useModals();
  const withBack = useLinkWithBack();
  const account = data?.account;
  const initials = initialsOf(account?.fullName);

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton style={{ borderRadius: '50%' }}>
          {/* The button's name is its hidden text; the initials are a picture of the account, not part of
              the name (so no aria-label that leaves out text shown: WCAG 2.5.3, label in name). */}
          <VisuallyHidden>{t('header.accountMenu')}</VisuallyHidden>
          <Avatar color="indigo" radius="xl" aria-hidden>
            {initials || <IconUser size={20} aria-hidden />}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {account && (
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {account.fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {account.email}
            </Text>
          </Menu.Label>
        )}
        <Menu.Item
          component={Link}
          to={withBack('/profile')}
          leftSection={<IconUserCircle size={16} aria-hidden />}
        >
          {t('header.myProfile')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => modals.open('sign-out')}
        >
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
