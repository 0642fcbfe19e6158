import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconFilePlus, IconFolderPlus, IconTemplate } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DocumentNameInput } from '../components/DocumentNameInput';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { CREATE_PROGRESS } from './progress';
import { runCreate } from './flows';

export const CREATE_ICONS = {
  folder: IconFolderPlus,
  contract: IconFilePlus,
  template: IconTemplate,
} as const;

/**
 * document-create-name (SPEC §4.3, §5): the name of a new folder, document or template (required, with a
 * message per kind); the input gets focus 500 ms after opening. A contract from a template is
 * CreateFromTemplateModal.
 */
export function CreateNameModal({ props, opened, close }: ModalComponentProps<'document-create-name'>) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const { type, parent } = props;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const Icon = CREATE_ICONS[type];
  const kind = type;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t(`create.required.${kind}`));
      return;
    }
    if (started.current) return;
    started.current = true;
    void runCreate({ type, name: trimmed, parent }, { queryClient, t });
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t(`create.title.${kind}`)}
      icon={<Icon size={18} aria-hidden />}
      progress={CREATE_PROGRESS.name}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DocumentNameInput
            label={t(`create.label.${kind}`)}
            value={name}
            error={error}
            onChange={setName}
            onClearError={() => setError(null)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit">{t('create.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
