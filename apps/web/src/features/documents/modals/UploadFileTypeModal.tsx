import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileDescription } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_TYPES, extensionOf, isUploadAllowed, type UploadType } from '@sinetti/contract';
import { AppModal, useModals, type ModalComponentProps } from '../../../components/modals';
import { useOrganizationPlatform } from '../hooks/useOrganizationPlatform';
import { UPLOAD_PROGRESS } from './progress';

/**
 * document-upload-file-type (SPEC §4.3, §5): the types this file can be uploaded as (40%). A type is
 * offered when the file's extension is allowed for it on the organization's platform; the rest are shown
 * disabled; when only one fits, it is chosen already. Nothing chosen: 'Please select a file type.'
 */
export function UploadFileTypeModal({
  props,
  opened,
  close,
}: ModalComponentProps<'document-upload-file-type'>) {
  const { t } = useTranslation('documents');
  const modals = useModals();
  const platform = useOrganizationPlatform();
  const [picked, setPicked] = useState<UploadType | null>(props.type ?? null);
  const [error, setError] = useState<string | null>(null);
  const extension = extensionOf(props.file.name);
  const allowed = platform
    ? UPLOAD_TYPES.filter((option) => isUploadAllowed(platform, option, extension))
    : [];
  // When only one type fits the file (an image is only ever a file), it is chosen already.
  const type = picked ?? (allowed.length === 1 ? (allowed[0] ?? null) : null);

  const next = () => {
    if (!type) {
      setError(t('upload.typeRequired'));
      return;
    }
    close();
    modals.open('document-upload-name', { file: props.file, parent: props.parent, type });
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('upload.typeTitle')}
      icon={<IconFileDescription size={18} aria-hidden />}
      progress={UPLOAD_PROGRESS.type}
    >
      <Stack gap="md">
        <Text size="sm">{t('upload.typeText', { file: props.file.name })}</Text>
        {!platform && (
          <Center>
            <Loader size="sm" role="status" aria-label={t('list.loading')} />
          </Center>
        )}
        {platform && (
          <Radio.Group
            value={type}
            onChange={(value) => {
              setPicked(value as UploadType);
              setError(null);
            }}
            label={t('upload.typeLabel')}
          >
            <Stack gap="sm" mt="xs">
              {UPLOAD_TYPES.map((option) => {
                const offered = allowed.includes(option);
                return (
                  <Radio
                    key={option}
                    value={option}
                    disabled={!offered}
                    label={t(`types.${option}`)}
                    description={
                      offered ? t(`upload.types.${option}`) : t('upload.typeUnavailable', { extension })
                    }
                  />
                );
              })}
            </Stack>
          </Radio.Group>
        )}
        {error && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={next} disabled={!platform}>
            {t('actions.continue')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
