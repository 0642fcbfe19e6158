import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { cancelUpload } from './flows';
import { UPLOAD_PROGRESS } from './progress';

/**
 * document-upload-progress (SPEC §4.3): 80%, with the percentage of the file sent so far, and a way to
 * cancel the upload (a large file on a slow line, or the wrong file).
 */
export function UploadProgressModal({ props, opened }: ModalComponentProps<'document-upload-progress'>) {
  const { t } = useTranslation('documents');
  const percent = Math.max(0, Math.min(100, Math.round(props.percent)));
  return (
    <AppModal
      opened={opened}
      onClose={() => undefined}
      title={t('upload.progressTitle')}
      icon={<IconUpload size={18} aria-hidden />}
      progress={UPLOAD_PROGRESS.upload}
      withCloseButton={false}
    >
      <Stack gap="xs">
        <Text size="sm">{t('upload.progressText', { name: props.name })}</Text>
        <Progress value={percent} size="lg" animated={percent < 100} aria-label={t('upload.sent')} />
        <Text size="sm" ta="right" fw={600} data-testid="upload-percent" aria-live="polite">
          {t('upload.percent', { percent })}
        </Text>
        {percent < 100 && (
          <Group justify="flex-end">
            <Button variant="default" onClick={cancelUpload}>
              {t('upload.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </AppModal>
  );
}
