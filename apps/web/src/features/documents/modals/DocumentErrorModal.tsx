import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';

/** document-error (SPEC §2.7, §8): title and text by error key; fileNotFound, else a generic text. */
export function DocumentErrorModal({ props, opened, close }: ModalComponentProps<'document-error'>) {
  const { t } = useTranslation('documents');
  const key = props?.key === 'fileNotFound' ? 'fileNotFound' : 'generic';
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t(`error.${key}.title`)}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      overlayClose
    >
      <Text>{t(`error.${key}.text`)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={close}>{t('actions.close')}</Button>
      </Group>
    </AppModal>
  );
}
