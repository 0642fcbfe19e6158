import { Alert, Anchor, Center, Loader, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { P } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissions } from '../../../lib/permissions';
import { useRoles } from '../api/roles';
import { RoleEditor } from './RoleEditor';
import { useRolesPaths } from '../hooks/useRolesPaths';

/** /settings/permissions/edit[?role=id]: adds a role, or edits (or, without the permission, shows) one. */
export function RoleEditPage() {
  const { t } = useTranslation('roles');
  const { roleId, listPath, editPath, navigate } = useRolesPaths();
  const permissions = usePermissions();
  const roles = useRoles();

  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      <IconArrowLeft size={14} aria-hidden /> {t('editor.cancel')}
    </Anchor>
  );
  if (roles.isError) {
    return (
      <Stack>
        {back}
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {t('list.loadFailed')}
        </Alert>
      </Stack>
    );
  }
  if (!roles.data || !permissions.data) {
    return (
      <Center py="xl" role="status" aria-label={t('list.loading')}>
        <Loader />
      </Center>
    );
  }
  const role = roleId ? (roles.data.roles.find((r) => r.id === roleId) ?? null) : null;
  if (roleId && !role) {
    return (
      <Stack>
        {back}
        <Alert color="orange" icon={<IconAlertCircle aria-hidden />}>
          {t('editor.notFound')}
        </Alert>
      </Stack>
    );
  }
  const held = new Set(permissions.data.permissions);
  const canEdit = role ? role.abilities.edit : permissions.can(P.ORG_EDIT_ROLES);
  const title = !canEdit ? 'editor.viewTitle' : role ? 'editor.editTitle' : 'editor.addTitle';
  return (
    <Stack gap="md">
      {back}
      <Title order={3}>{role ? `${t(title)}: ${role.name}` : t(title)}</Title>
      <RoleEditor
        key={role?.id ?? 'new'}
        role={role}
        canEdit={canEdit}
        changeable={(id) => permissions.isOwner || held.has(id)}
        onSaved={(id) => {
          if (id !== roleId) void navigate(editPath(id), { replace: true });
        }}
      />
    </Stack>
  );
}
