import { Button, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../components/modals';

/** The last step of creating or uploading (SPEC §4.3): 100%, what was made, Close and Open. */
export function CompleteModal({
  opened,
  close,
  title,
  text,
  progress,
  path,
}: {
  opened: boolean;
  close: () => void;
  title: string;
  text: string;
  progress: number;
  /** Where Open goes. */
  path: string;
}) {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const open = () => {
    close();
    void navigate(path);
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={title}
      icon={<IconCircleCheck size={18} aria-hidden />}
      progress={progress}
      overlayClose
    >
      <Text>{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {t('actions.close')}
        </Button>
        <Button onClick={open} data-autofocus>
          {t('actions.open')}
        </Button>
      </Group>
    </AppModal>
  );
}
