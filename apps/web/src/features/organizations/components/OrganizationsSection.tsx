import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBuildingPlus } from '@tabler/icons-react';
import type { Account, OrganizationSummary } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { useModals } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { useAccount } from '../../../lib/account';
import { useAccountInvites } from '../api/invites';
import { useSetDefaultOrganization } from '../api/organizations';
import { registerOrganizationModals } from '../modals';
import { InviteList } from './InviteList';

registerOrganizationModals();

/**
 * Profile → Organizations (SPEC §2.5): pending invitations, the account's organizations (set as default,
 * leave when the server says it may be left) and creating a new one.
 */
export function OrganizationsSection() {
  const { t } = useTranslation('profile');
  const { t: to } = useTranslation('organizations');
  const modals = useModals();
  const query = useAccount();
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('status.loadFailed')}>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          {t('status.retry')}
        </Button>
      </Alert>
    );
  }
  if (!query.data) return <Loading label={t('status.loading')} />;
  const { account } = query.data;
  return (
    <Stack gap="md">
      <PendingInvites />
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
      <Group>
        <Button
          variant="light"
          leftSection={<IconBuildingPlus size={16} aria-hidden />}
          onClick={() => modals.open('organization-create')}
        >
          {to('create.button')}
        </Button>
      </Group>
    </Stack>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Center py="md" role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}

/** The invitations waiting for an answer; nothing at all when there are none. */
function PendingInvites() {
  const { t } = useTranslation('organizations');
  const invites = useAccountInvites();
  if (invites.isPending) return <Loading label={t('invites.pendingTitle')} />;
  if (invites.isError) return <Alert color="red">{t('invites.loadFailed')}</Alert>;
  if (invites.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="pending-invites-title">
      <Title order={3} size="h5" id="pending-invites-title">
        {t('invites.pendingTitle')}
      </Title>
      <InviteList invites={invites.data} />
    </Stack>
  );
}

function OrganizationRow({ organization, account }: { organization: OrganizationSummary; account: Account }) {
  const { t } = useTranslation('profile');
  const { t: to } = useTranslation('organizations');
  const modals = useModals();
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
        <Group gap="xs">
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
          {organization.canLeave && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={to('leave.buttonLabel', { name })}
              onClick={() => modals.open('organization-leave', { organization })}
            >
              {to('leave.button')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
