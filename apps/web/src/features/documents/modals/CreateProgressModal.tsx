import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { CREATE_PROGRESS } from './progress';
import { CREATE_ICONS } from './CreateNameModal';

/** document-create-progress (SPEC §4.3): shown while the server creates it (67%); it cannot be closed. */
export function CreateProgressModal({ props, opened }: ModalComponentProps<'document-create-progress'>) {
  const { t } = useTranslation('documents');
  const Icon = CREATE_ICONS[props.type];
  return (
    <AppModal
      opened={opened}
      onClose={() => undefined}
      title={t(`create.title.${props.type}`)}
      icon={<Icon size={18} aria-hidden />}
      progress={CREATE_PROGRESS.create}
      withCloseButton={false}
    >
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t(`create.progress.${props.type}`)}</Text>
      </Group>
    </AppModal>
  );
}
