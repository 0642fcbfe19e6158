import { Button, Group, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { signingBrowser } from '../lib/browser';

/** document-sign (SPEC §2.7): the current user is a signee; a button to their signing page. */
export function SignModal({ props, opened, close }: ModalComponentProps<'document-sign'>) {
  const { t } = useTranslation('signing');
  const go = () => {
    close();
    signingBrowser.goTo(props.link);
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('sign.title')}
      icon={<IconSignature size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text size="sm">{t('sign.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('sign.later')}
          </Button>
          <Button onClick={go} leftSection={<IconSignature size={16} aria-hidden />} data-autofocus>
            {t('sign.go')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
