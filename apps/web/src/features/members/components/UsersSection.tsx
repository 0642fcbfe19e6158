import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { P } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { LoadFailedState, LoadingState } from '../../../components/LoadStates';
import { useModals } from '../../../components/modals';
import { useSelectedOrganization } from '../../../lib/account';
import { usePermissions } from '../../../lib/permissions';
import { useCompanyInvites, useMembers } from '../api/members';
import { ResponsiveTable, type ListColumn } from '../../../components/ResponsiveTable';
import { UserActions, UserName, UserRoles, userLineKey, type UserLine, type UsersViewer } from './UserRows';

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
  const lines: UserLine[] = [
    ...users.map((member) => ({ kind: 'member' as const, member })),
    ...pending.map((invite) => ({ kind: 'invite' as const, invite })),
  ];
  // On a phone each line is a card: the name as its heading, e-mail and roles labelled (issue 12 item 9).
  const columns: ListColumn<UserLine>[] = [
    { id: 'name', header: t('users.name'), cell: (line) => <UserName line={line} />, phone: 'title' },
    ...(viewer.seesEmail
      ? [
          {
            id: 'email',
            header: t('users.email'),
            cell: (line: UserLine) => (line.kind === 'member' ? line.member.email : line.invite.account),
          },
        ]
      : []),
    ...(viewer.seesRoles
      ? [
          {
            id: 'roles',
            header: t('users.roles'),
            cell: (line: UserLine) => (line.kind === 'member' ? <UserRoles line={line} /> : null),
          },
        ]
      : []),
  ];
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
      {lines.length > 0 && (
        <ResponsiveTable
          label={t('users.listLabel')}
          rows={lines}
          rowKey={userLineKey}
          columns={columns}
          actions={(line) => <UserActions line={line} viewer={viewer} />}
          actionsLabel={t('users.actions')}
          minWidth={300 + (viewer.seesEmail ? 220 : 0) + (viewer.seesRoles ? 160 : 0)}
        />
      )}
      {pending.length === 0 && users.every((u) => u.isMe) && (
        <Stack gap={4} py="lg" align="center">
          <Title order={3} size="h4">
            {t('users.emptyTitle')}
          </Title>
          <Text c="dimmed">{t('users.emptyText')}</Text>
          {canInvite && (
            <Button mt="xs" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={openInvite}>
              {t('users.inviteFirst')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
