import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { GRANTABLE_PERMISSION_IDS, P, type Role } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModals } from '../../../components/modals';
import { ResponsiveTable, type ListColumn } from '../../../components/ResponsiveTable';
import { usePermissions } from '../../../lib/permissions';
import { useRoles } from '../api/roles';
import { useRolesPaths } from '../hooks/useRolesPaths';
import { grantedOf } from '../lib/permissions';

/** The organization's roles: name, members, permissions; add, edit and delete as the server allows. */
export function RolesList() {
  const { t } = useTranslation('roles');
  const roles = useRoles();
  const permissions = usePermissions();
  const { editPath } = useRolesPaths();
  const canAdd = permissions.can(P.ORG_EDIT_ROLES);
  const seesHolders = permissions.can(P.USERS_VIEW_ROLES) || permissions.can(P.USERS_EDIT_ROLES);

  if (roles.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('list.loadFailed')}>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void roles.refetch()}>
          {t('list.retry')}
        </Button>
      </Alert>
    );
  }
  if (!roles.data) {
    return (
      <Center py="xl" role="status" aria-label={t('list.loading')}>
        <Loader />
      </Center>
    );
  }
  const list = roles.data.roles;
  // On a phone each role is a card: the name (and Default) as its heading, members and permissions
  // labelled, the edit and delete buttons beside the heading (issue 12 item 9).
  const columns: ListColumn<Role>[] = [
    {
      id: 'name',
      header: t('list.name'),
      cell: (role) => <RoleName role={role} editPath={editPath(role.id)} />,
      phone: 'title',
    },
    ...(seesHolders
      ? [{ id: 'members', header: t('list.members'), cell: (role: Role) => role.accounts.length }]
      : []),
    {
      id: 'permissions',
      header: t('list.permissions'),
      cell: (role) =>
        t('list.permissionCount', { count: grantedOf(role).size, total: GRANTABLE_PERMISSION_IDS.length }),
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={520}>
          {t('list.intro')}
        </Text>
        {canAdd && (
          <Button component={Link} to={editPath(null)} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('list.add')}
          </Button>
        )}
      </Group>
      {list.length === 0 ? (
        <Stack gap={4} py="lg" align="center">
          <Title order={3} size="h4">
            {t('list.emptyTitle')}
          </Title>
          <Text c="dimmed">{t('list.emptyText')}</Text>
        </Stack>
      ) : (
        <ResponsiveTable
          label={t('list.listLabel')}
          rows={list}
          rowKey={(role) => role.id}
          columns={columns}
          actions={(role) => (
            <RoleActions role={role} seesHolders={seesHolders} editPath={editPath(role.id)} />
          )}
          actionsLabel={t('list.actions')}
          minWidth={seesHolders ? 480 : 400}
        />
      )}
    </Stack>
  );
}

function RoleName({ role, editPath }: { role: Role; editPath: string }) {
  const { t } = useTranslation('roles');
  return (
    <Group gap="xs">
      <Text component={Link} to={editPath} fw={500} td="none" c="inherit">
        {role.name}
      </Text>
      {role.default && (
        <Badge size="sm" variant="light">
          {t('list.default')}
        </Badge>
      )}
    </Group>
  );
}

function RoleActions({
  role,
  seesHolders,
  editPath,
}: {
  role: Role;
  seesHolders: boolean;
  editPath: string;
}) {
  const { t } = useTranslation('roles');
  const modals = useModals();
  const EditIcon = role.abilities.edit ? IconPencil : IconEye;
  // Short titles; each button's accessible name says which role it acts on (every row has the same icons).
  const editTitle = t(role.abilities.edit ? 'list.edit' : 'list.view');
  const editLabel = t(role.abilities.edit ? 'list.editNamed' : 'list.viewNamed', { name: role.name });
  return (
    <Group
      gap={4}
      justify="flex-end"
      wrap="nowrap"
      role="group"
      aria-label={t('list.actionsFor', { name: role.name })}
    >
      <ActionIcon component={Link} to={editPath} variant="subtle" aria-label={editLabel} title={editTitle}>
        <EditIcon size={18} aria-hidden />
      </ActionIcon>
      {role.abilities.delete && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('list.deleteNamed', { name: role.name })}
          title={t('list.delete')}
          onClick={() =>
            modals.open('role-delete', {
              roleId: role.id,
              name: role.name,
              holders: seesHolders ? role.accounts.length : null,
            })
          }
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
