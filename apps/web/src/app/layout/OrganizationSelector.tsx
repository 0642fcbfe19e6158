import { Group, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconBuildingPlus, IconCheck, IconSelector, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrganizationSummary } from '@sinetti/contract';
import { useModals } from '../../components/modals';
import { registerOrganizationModals } from '../../features/organizations/modals';
import { useSelectedOrganization } from '../../lib/account';
import { browserPage } from '../../lib/navigation';
import { sessionStore } from '../../lib/session';
import { OrganizationBalance } from './OrganizationBalance';

registerOrganizationModals();

/**
 * The organization selector below the Create button (SPEC §2.5): choosing another organization
 * stores it as selected, closes the list and reloads the page. Personal shows the user's name. The list
 * ends with "Create organization" (SPEC §2.7 organization-create).
 */
export function OrganizationSelector() {
  const { t } = useTranslation();
  const modals = useModals();
  const { account: query, organization: selected } = useSelectedOrganization();
  const account = query.data?.account;
  if (!account) return <Skeleton h={54} radius="md" />;

  const nameOf = (o: OrganizationSummary) => (o.isPersonal ? account.fullName : o.name);
  const kindOf = (o: OrganizationSummary) =>
    o.isPersonal ? t('organization.personal') : t('organization.organization');

  const choose = (id: string) => {
    if (id === selected?.id) return;
    sessionStore.selectOrganization(id);
    browserPage.reload();
  };

  return (
    <Menu position="bottom-start" width="target" shadow="md">
      <Menu.Target>
        <UnstyledButton
          data-tour="select-organization"
          aria-label={t('organization.select')}
          w="100%"
          p="sm"
          bd="1px solid var(--mantine-color-default-border)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {selected ? kindOf(selected) : t('organization.organization')}
              </Text>
              <Text size="sm" fw={600} truncate>
                {selected ? nameOf(selected) : ''}
              </Text>
              <OrganizationBalance />
            </div>
            <IconSelector size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('organization.listLabel')}</Menu.Label>
        {account.organizations.map((o) => (
          <Menu.Item
            key={o.id}
            onClick={() => choose(o.id)}
            aria-current={o.id === selected?.id ? 'true' : undefined}
            leftSection={
              o.isPersonal ? <IconUser size={16} aria-hidden /> : <IconBuilding size={16} aria-hidden />
            }
            rightSection={o.id === selected?.id ? <IconCheck size={16} aria-hidden /> : null}
          >
            <Text size="sm" truncate>
              {nameOf(o)}
            </Text>
            <Text size="xs" c="dimmed">
              {kindOf(o)}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconBuildingPlus size={16} aria-hidden />}
          onClick={() => modals.open('organization-create')}
        >
          {t('organization.create')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
