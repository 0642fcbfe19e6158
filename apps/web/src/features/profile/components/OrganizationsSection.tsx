import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Account, OrganizationSummary } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../components/toast';
import { useAccount } from '../../../lib/account';
import { useSetDefaultOrganization } from '../api/organizations';
import { SectionFailed, SectionLoading } from './QueryState';

/** The account's organizations with the default marked; another one can be made the default. */
export function OrganizationsSection() {
  const { t } = useTranslation('profile');
  const query = useAccount();
  if (query.isError) return <SectionFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <SectionLoading />;
  const { account } = query.data;
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('organizations.text')}</Text>
      {account.organizations.length === 0 ? (
        <Text>{t('organizations.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {account.organizations.map((organization) => (
            <OrganizationRow key={organization.id} organization={organization} account={account} />
          ))}
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        {t('organizations.later')}
      </Text>
    </Stack>
  );
}

function OrganizationRow({ organization, account }: { organization: OrganizationSummary; account: Account }) {
  const { t } = useTranslation('profile');
  const setDefault = useSetDefaultOrganization();
  const name = organization.isPersonal ? account.fullName : organization.name;
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={500}>{name}</Text>
          {organization.isPersonal && <Badge variant="light">{t('organizations.personal')}</Badge>}
          {organization.isMine && !organization.isPersonal && (
            <Badge variant="light" color="gray">
              {t('organizations.owner')}
            </Badge>
          )}
          {organization.isDefault && <Badge color="teal">{t('organizations.default')}</Badge>}
        </Group>
        {!organization.isDefault && (
          <Button
            size="xs"
            variant="light"
            loading={setDefault.isPending}
            aria-label={`${t('organizations.setDefault')}: ${name}`}
            onClick={() =>
              setDefault.mutate(organization.id, {
                onSuccess: () => showSuccess(t('organizations.setDefaultDone')),
                onError: () => showError(t('organizations.setDefaultFailed')),
              })
            }
          >
            {t('organizations.setDefault')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
