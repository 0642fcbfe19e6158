import { Button, Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { CompleteModal } from './CompleteModal';
import { UPLOAD_PROGRESS } from './progress';

/** document-upload-complete (SPEC §4.3): 100%, with an open button. */
export function UploadCompleteModal({
  props,
  opened,
  close,
}: ModalComponentProps<'document-upload-complete'>) {
  const { t } = useTranslation('documents');
  return (
    <CompleteModal
      opened={opened}
      close={close}
      title={t('upload.completeTitle')}
      text={t('upload.completeText', { name: props.document.name })}
      progress={UPLOAD_PROGRESS.complete}
      path={`/document/${props.document.id}`}
    />
  );
}

/**
 * Why an upload failed, in words: too large and unsupported type get their own texts (SPEC §8), and so do an
 * office file that would expand too much and one protected with a password (their reasons).
 */
export function uploadFailureKey(code: string | undefined, reason?: string) {
  if (reason === 'UPLOAD_EXPANDS_TOO_MUCH') return 'upload.failedExpands';
  if (reason === 'UPLOAD_ENCRYPTED') return 'upload.failedEncrypted';
  if (code === 'FILE_TOO_LARGE') return 'upload.failedTooLarge';
  if (code === 'UNSUPPORTED_FILE_TYPE') return 'upload.failedUnsupported';
  return 'upload.failedText';
}

/** document-upload-failed (SPEC §8): try again later or contact support. */
export function UploadFailedModal({ props, opened, close }: ModalComponentProps<'document-upload-failed'>) {
  const { t } = useTranslation('documents');
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('upload.failedTitle')}
      icon={<IconCloudOff size={18} aria-hidden />}
      overlayClose
    >
      <Text>{t(uploadFailureKey(props.code, props.reason))}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={close}>{t('actions.close')}</Button>
      </Group>
    </AppModal>
  );
}
