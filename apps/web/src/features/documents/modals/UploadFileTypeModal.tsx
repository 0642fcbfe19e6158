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
 * disabled. Nothing chosen: 'Please select a file type.'
 */
export function UploadFileTypeModal({
  props,
  opened,
  close,
}: ModalComponentProps<'document-upload-file-type'>) {
  const { t } = useTranslation('documents');
  const modals = useModals();
  const platform = useOrganizationPlatform();
  const [type, setType] = useState<UploadType | null>(props.type ?? null);
  const [error, setError] = useState<string | null>(null);
  const extension = extensionOf(props.file.name);

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
            <Loader size="sm" aria-label={t('list.loading')} />
          </Center>
        )}
        {platform && (
          <Radio.Group
            value={type}
            onChange={(value) => {
              setType(value as UploadType);
              setError(null);
            }}
            label={t('upload.typeLabel')}
          >
            <Stack gap="sm" mt="xs">
              {UPLOAD_TYPES.map((option) => {
                const allowed = isUploadAllowed(platform, option, extension);
                return (
                  <Radio
                    key={option}
                    value={option}
                    disabled={!allowed}
                    label={t(`types.${option}`)}
                    description={
                      allowed ? t(`upload.types.${option}`) : t('upload.typeUnavailable', { extension })
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
