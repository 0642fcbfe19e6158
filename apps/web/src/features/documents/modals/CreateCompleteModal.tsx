import { Button, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { CREATE_PROGRESS } from './progress';

/** Where a new item opens (SPEC §4.3): a folder as a listing, anything else as a document. */
export function pathOfNew(type: string, id: string): string {
  return type === 'folder' ? `/documents/${id}` : `/document/${id}`;
}

/** document-create-complete (SPEC §4.3): 100%, and an open button. */
export function CreateCompleteModal({
  props,
  opened,
  close,
}: ModalComponentProps<'document-create-complete'>) {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const open = () => {
    close();
    void navigate(pathOfNew(props.type, props.id));
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t(`create.complete.${props.type}`)}
      icon={<IconCircleCheck size={18} aria-hidden />}
      progress={CREATE_PROGRESS.complete}
      overlayClose
    >
      <Text>{t('create.completeText', { name: props.name })}</Text>
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
