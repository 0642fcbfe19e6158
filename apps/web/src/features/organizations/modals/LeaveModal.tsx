import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, ModalConfirmButton, type ModalComponentProps } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useLeaveOrganization } from '../api/organizations';

/** organization-leave: confirms leaving an organization the user may leave (not Personal, not owned). */
export function LeaveModal({ props, opened, close }: ModalComponentProps<'organization-leave'>) {
  const { t } = useTranslation('organizations');
  const leave = useLeaveOrganization();
  const { organization } = props;
  const name = organization.name;
  return (
    <AppModal
      destructive
      opened={opened}
      onClose={close}
      title={t('leave.title')}
      icon={<IconDoorExit size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text>{t('leave.text', { name })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={leave.isPending}>
            {t('leave.cancel')}
          </Button>
          <ModalConfirmButton
            loading={leave.isPending}
            onClick={() =>
              leave.mutate(organization, {
                onSuccess: () => {
                  showSuccess(t('leave.done', { name }));
                  close();
                },
                onError: (error) => showError(errorText(error, t('leave.failed'))),
              })
            }
          >
            {t('leave.confirm')}
          </ModalConfirmButton>
        </Group>
      </Stack>
    </AppModal>
  );
}
