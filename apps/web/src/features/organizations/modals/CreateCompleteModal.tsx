import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { browserPage } from '../../../lib/navigation';
import { selectOrganizationAndReload } from '../api/organizations';

/** organization-create-complete (SPEC §4.6): its button selects the new organization and reloads. */
export function CreateCompleteModal({
  props,
  opened,
  close,
}: ModalComponentProps<'organization-create-complete'>) {
  const { t } = useTranslation('organizations');
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('create.completeTitle')}
      icon={<IconCircleCheck size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text>{t('create.completeText', { name: props.name })}</Text>
        <Group justify="flex-end">
          <Button data-autofocus onClick={() => selectOrganizationAndReload(props.id, browserPage.reload)}>
            {t('create.open')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
