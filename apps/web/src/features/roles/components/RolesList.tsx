import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { GRANTABLE_PERMISSION_IDS, P, type Role } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModals } from '../../../components/modals';
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
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.name')}</Table.Th>
              {seesHolders && <Table.Th>{t('list.members')}</Table.Th>}
              <Table.Th>{t('list.permissions')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((role) => (
              <RoleRow key={role.id} role={role} seesHolders={seesHolders} editPath={editPath(role.id)} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function RoleRow({ role, seesHolders, editPath }: { role: Role; seesHolders: boolean; editPath: string }) {
  const { t } = useTranslation('roles');
  const modals = useModals();
  const count = grantedOf(role).size;
  const EditIcon = role.abilities.edit ? IconPencil : IconEye;
  const editLabel = t(role.abilities.edit ? 'list.edit' : 'list.view');
  return (
    <Table.Tr>
      <Table.Td>
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
      </Table.Td>
      {seesHolders && <Table.Td>{role.accounts.length}</Table.Td>}
      <Table.Td>{t('list.permissionCount', { count, total: GRANTABLE_PERMISSION_IDS.length })}</Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" role="group" aria-label={t('list.actionsFor', { name: role.name })}>
          <ActionIcon
            component={Link}
            to={editPath}
            variant="subtle"
            aria-label={editLabel}
            title={editLabel}
          >
            <EditIcon size={18} aria-hidden />
          </ActionIcon>
          {role.abilities.delete && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('list.delete')}
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
      </Table.Td>
    </Table.Tr>
  );
}
