import { Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, useModals, type ModalComponentProps } from '../../../components/modals';
import { DropZone } from '../components/DropZone';
import { UPLOAD_PROGRESS } from './progress';

/** document-upload (SPEC §4.3): drop a file or pick one (20%); then its type is chosen. */
export function UploadModal({ props, opened, close }: ModalComponentProps<'document-upload'>) {
  const { t } = useTranslation('documents');
  const modals = useModals();
  const choose = (file: File) => {
    close();
    modals.open('document-upload-file-type', { file, parent: props.parent });
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('upload.title')}
      icon={<IconUpload size={18} aria-hidden />}
      progress={UPLOAD_PROGRESS.file}
    >
      <Stack gap="sm">
        <Text size="sm">{t('upload.text')}</Text>
        <DropZone onFile={choose} />
      </Stack>
    </AppModal>
  );
}
