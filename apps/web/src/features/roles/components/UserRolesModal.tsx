import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock, IconUserShield } from '@tabler/icons-react';
import { P } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { showSuccess } from '../../../components/toast';
import { errorText, hasReason } from '../../../lib/errors';
import { usePermissions } from '../../../lib/permissions';
import { useRoles, useSaveUserRoles } from '../api/roles';
import { roleChanges } from '../lib/permissions';

/**
 * user-roles (SPEC §2.7): a member's roles as a multi-select with save. Editable only with users edit
 * roles (15), otherwise read-only (SPEC §5); roles that grant more than the viewer holds cannot be given or
 * taken by them. Only the roles that changed are sent; a failed save keeps the dialog open and says so.
 */
export function UserRolesModal({ props, opened, close }: ModalComponentProps<'user-roles'>) {
  const { t } = useTranslation('roles');
  const permissions = usePermissions();
  const canSee = permissions.can(P.USERS_VIEW_ROLES) || permissions.can(P.USERS_EDIT_ROLES);
  const canEdit = permissions.can(P.USERS_EDIT_ROLES);
  const roles = useRoles(canSee);
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('userRoles.title', { name: props.name })}
      icon={<IconUserShield size={18} aria-hidden />}
      overlayClose
    >
      {!permissions.data || (canSee && !roles.data && !roles.isError) ? (
        <Center py="md" role="status" aria-label={t('list.loading')}>
          <Loader size="sm" />
        </Center>
      ) : !canSee ? (
        <Alert color="gray" icon={<IconLock aria-hidden />}>
          {t('userRoles.hidden')}
        </Alert>
      ) : !roles.data ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {t('userRoles.loadFailed')}
        </Alert>
      ) : (
        <UserRolesForm
          accountId={props.accountId}
          name={props.name}
          roles={roles.data.roles}
          canEdit={canEdit}
          close={close}
        />
      )}
    </AppModal>
  );
}

interface FormProps {
  accountId: string;
  name: string;
  roles: { id: string; name: string; accounts: string[]; abilities: { assign: boolean } }[];
  canEdit: boolean;
  close: () => void;
}

function UserRolesForm({ accountId, name, roles, canEdit, close }: FormProps) {
  const { t } = useTranslation('roles');
  const save = useSaveUserRoles();
  const held = roles.filter((r) => r.accounts.includes(accountId)).map((r) => r.id);
  const [selected, setSelected] = useState<string[]>(held);
  const [failed, setFailed] = useState<string | null>(null);
  const { add, remove } = roleChanges(held, selected);
  const dirty = add.length > 0 || remove.length > 0;
  const locked = new Set(roles.filter((r) => !r.abilities.assign).map((r) => r.id));
  const someLocked = canEdit && locked.size > 0;

  const submit = () => {
    if (!dirty || save.isPending) return;
    setFailed(null);
    save.mutate(
      { accountId, add, remove },
      {
        onSuccess: () => {
          showSuccess(t('userRoles.saved', { name }));
          close();
        },
        onError: (error) => {
          console.error('user-roles save failed', error);
          setFailed(hasReason(error, 'PERMISSION_NOT_HELD') ? errorText(error) : t('userRoles.failed'));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {!canEdit && (
        <Alert color="gray" icon={<IconLock aria-hidden />}>
          {t('userRoles.readOnly')}
        </Alert>
      )}
      <MultiSelect
        label={t('userRoles.label')}
        placeholder={canEdit ? t('userRoles.placeholder') : undefined}
        nothingFoundMessage={t('userRoles.nothing')}
        data={roles.map((r) => ({ value: r.id, label: r.name, disabled: !r.abilities.assign }))}
        value={selected}
        onChange={(values) =>
          setSelected([...values.filter((id) => !locked.has(id)), ...held.filter((id) => locked.has(id))])
        }
        readOnly={!canEdit}
        searchable={canEdit}
        clearable={false}
        comboboxProps={{ withinPortal: false }}
        data-autofocus
      />
      {someLocked && (
        <Text size="xs" c="dimmed">
          {t('userRoles.notAssignable')}
        </Text>
      )}
      {failed && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {failed}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close} disabled={save.isPending}>
          {t(canEdit ? 'userRoles.cancel' : 'userRoles.close')}
        </Button>
        {canEdit && (
          <Button onClick={submit} disabled={!dirty} loading={save.isPending}>
            {t('userRoles.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
