import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { baseNameOf } from '@sinetti/contract';
import { DocumentNameInput } from '../components/DocumentNameInput';
import { AppModal, useModals, type ModalComponentProps } from '../../../components/modals';
import { UPLOAD_PROGRESS } from './progress';
import { runUpload } from './flows';

/**
 * document-upload-name (SPEC §4.3, §5): the name, prefilled with the file name without its extension
 * (60%); empty: 'Please enter a name for the file.' Upload starts from here.
 */
export function UploadNameModal({ props, opened, close }: ModalComponentProps<'document-upload-name'>) {
  const { t } = useTranslation('documents');
  const modals = useModals();
  const queryClient = useQueryClient();
  const [name, setName] = useState(() => baseNameOf(props.file.name));
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('upload.nameRequired'));
      return;
    }
    if (started.current) return;
    started.current = true;
    void runUpload(
      { file: props.file, type: props.type, name: trimmed, parent: props.parent },
      { queryClient },
    );
  };

  const back = () => {
    close();
    modals.open('document-upload-file-type', { file: props.file, parent: props.parent, type: props.type });
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('upload.nameTitle')}
      icon={<IconForms size={18} aria-hidden />}
      progress={UPLOAD_PROGRESS.name}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DocumentNameInput
            label={t('upload.nameLabel')}
            value={name}
            error={error}
            onChange={setName}
            onClearError={() => setError(null)}
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={back}>
              {t('actions.back')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit">{t('upload.submit')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
