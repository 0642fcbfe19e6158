import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFolderShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { errorText } from '../../../lib/errors';
import { showSuccess } from '../../../components/toast';
import { useMoveDocument } from '../api/mutations';
import { FolderPicker, type PickerFolder } from '../components/FolderPicker';

/**
 * document-move: pick a folder (the top level or any folder but the moved one and what is inside it) and
 * move there. The server refuses a move into the document itself or its own subfolder; its message shows.
 */
export function MoveModal({ props, opened, close }: ModalComponentProps<'document-move'>) {
  const { t } = useTranslation('documents');
  const { document } = props;
  const move = useMoveDocument();
  const [trail, setTrail] = useState<PickerFolder[]>([]);
  const target = trail.at(-1) ?? null;
  const targetId = target?.id ?? null;
  const unchanged = targetId === document.parent;

  const submit = () => {
    if (move.isPending || unchanged) return;
    move.mutate(
      { id: document.id, target: targetId },
      {
        onSuccess: () => {
          showSuccess(t('move.done', { name: document.name, folder: target?.name ?? t('breadcrumbs.root') }));
          close();
        },
      },
    );
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('move.title', { name: document.name })}
      icon={<IconFolderShare size={18} aria-hidden />}
      overlayClose
    >
      <Stack gap="md">
        <Text size="sm">{t('move.text')}</Text>
        <FolderPicker
          trail={trail}
          onTrailChange={(next) => {
            move.reset();
            setTrail(next);
          }}
          excluded={document.id}
        />
        {move.isError && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('move.failed')}>
            {errorText(move.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={move.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={move.isPending} disabled={unchanged}>
            {t('move.submit', { folder: target?.name ?? t('breadcrumbs.root') })}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
