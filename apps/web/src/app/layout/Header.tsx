import { Burger, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountMenu } from './AccountMenu';
import { SearchBox } from './SearchBox';

export function Header({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" gap="md" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? t('header.closeNavigation') : t('header.openNavigation')}
          aria-expanded={navOpened}
        />
        <UnstyledButton component={Link} to="/" aria-label={t('header.home')}>
          <Group gap={8} wrap="nowrap">
            <Image src="/favicon.svg" alt="" w={28} h={28} />
            <Text fw={700} fz="lg" visibleFrom="xs">
              Sinetti
            </Text>
          </Group>
        </UnstyledButton>
      </Group>
      <SearchBox />
      <AccountMenu />
    </Group>
  );
}
