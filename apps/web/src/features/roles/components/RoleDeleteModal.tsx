import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, ModalConfirmButton, type ModalComponentProps } from '../../../components/modals';
import { showSuccess } from '../../../components/toast';
import { useDeleteRole } from '../api/roles';
import { reportFailure } from '../lib/report';

/** role-delete: confirms deleting a role, saying how many members lose it (they stay members). */
export function RoleDeleteModal({ props, opened, close }: ModalComponentProps<'role-delete'>) {
  const { t } = useTranslation('roles');
  const remove = useDeleteRole();
  const confirm = () => {
    if (remove.isPending) return;
    remove.mutate(props.roleId, {
      onSuccess: () => {
        showSuccess(t('delete.done', { name: props.name }));
        close();
      },
      onError: (error) => reportFailure(error, t('delete.failed')),
    });
  };
  return (
    <AppModal
      destructive
      opened={opened}
      onClose={close}
      title={t('delete.title')}
      icon={<IconTrash size={18} aria-hidden />}
      overlayClose
    >
      <Stack gap="md">
        <Text>{t('delete.text', { name: props.name })}</Text>
        {props.holders !== null && props.holders > 0 && (
          <Text size="sm" c="dimmed">
            {t('delete.holders', { count: props.holders })}
          </Text>
        )}
        <Text size="sm">{t('delete.documents')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            {t('delete.cancel')}
          </Button>
          <ModalConfirmButton onClick={confirm} loading={remove.isPending} data-autofocus>
            {t('delete.confirm')}
          </ModalConfirmButton>
        </Group>
      </Stack>
    </AppModal>
  );
}
