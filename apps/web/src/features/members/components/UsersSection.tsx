import { Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { P } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { LoadFailedState, LoadingState } from '../../../components/LoadStates';
import { useModals } from '../../../components/modals';
import { useSelectedOrganization } from '../../../lib/account';
import { usePermissions } from '../../../lib/permissions';
import { useCompanyInvites, useMembers } from '../api/members';
import { InviteRow, MemberRow, type UsersViewer } from './UserRows';

/**
 * Settings → Users (SPEC §2.5): the members (name; e-mail with users view details 11; roles with users
 * view roles 12; actions) and the pending invites as 'Invite pending' rows. Actions follow the viewer's
 * permissions: invite (6), remove and cancel (16), roles (12/15), transfer the ownership (owner).
 */
export function UsersSection() {
  const { t } = useTranslation('members');
  const modals = useModals();
  const permissions = usePermissions();
  const { organization } = useSelectedOrganization();
  const members = useMembers();
  const invites = useCompanyInvites();

  if (members.isError || invites.isError) {
    const retry = () => {
      if (members.isError) void members.refetch();
      if (invites.isError) void invites.refetch();
    };
    return <LoadFailedState title={t('users.loadFailed')} retryLabel={t('users.retry')} onRetry={retry} />;
  }
  if (!members.data || !invites.data || !permissions.data) {
    return <LoadingState label={t('users.loading')} />;
  }

  const viewer: UsersViewer = {
    seesEmail: permissions.can(P.USERS_VIEW_DETAILS),
    seesRoles: permissions.can(P.USERS_VIEW_ROLES),
    canOpenRoles: permissions.can(P.USERS_VIEW_ROLES) || permissions.can(P.USERS_EDIT_ROLES),
    editsRoles: permissions.can(P.USERS_EDIT_ROLES),
    removes: permissions.can(P.ORG_USERS_REMOVE),
    isOwner: permissions.isOwner,
    organization: organization?.name ?? '',
  };
  const users = members.data.users;
  const pending = invites.data.invites;
  const canInvite = permissions.can(P.ORG_USERS_INVITE);
  const openInvite = () =>
    modals.open('user-invite', {
      organization: viewer.organization,
      known: [...users.map((u) => u.email), ...pending.map((i) => i.account)],
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={520}>
          {t('users.intro')}
        </Text>
        {canInvite && (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={openInvite}>
            {t('users.invite')}
          </Button>
        )}
      </Group>
      {users.length + pending.length > 0 && (
        <Table.ScrollContainer minWidth={300 + (viewer.seesEmail ? 220 : 0) + (viewer.seesRoles ? 160 : 0)}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.name')}</Table.Th>
                {viewer.seesEmail && <Table.Th>{t('users.email')}</Table.Th>}
                {viewer.seesRoles && <Table.Th>{t('users.roles')}</Table.Th>}
                <Table.Th w={56}>
                  <VisuallyHidden>{t('users.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((member) => (
                <MemberRow key={member.id} member={member} viewer={viewer} />
              ))}
              {pending.map((invite) => (
                <InviteRow key={invite.id} invite={invite} viewer={viewer} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pending.length === 0 && users.every((u) => u.isMe) && (
        <Stack gap={4} py="lg" align="center">
          <Title order={3} size="h4">
            {t('users.emptyTitle')}
          </Title>
          <Text c="dimmed">{t('users.emptyText')}</Text>
        </Stack>
      )}
    </Stack>
  );
}
