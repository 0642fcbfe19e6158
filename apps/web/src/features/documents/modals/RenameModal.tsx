import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { useRenameDocument } from '../api/mutations';

/**
 * document-rename (SPEC §2.7, §5): one text input, Enter or the button. The name is sent only when it
 * changed, and a second submit while one is on its way is ignored.
 */
export function RenameModal({ props, opened, close }: ModalComponentProps<'document-rename'>) {
  const { t } = useTranslation('documents');
  const { document } = props;
  const rename = useRenameDocument();
  const [name, setName] = useState(document.name);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('rename.required'));
      return;
    }
    if (trimmed === document.name) {
      close();
      return;
    }
    inFlight.current = true;
    setError(null);
    rename.mutate(
      { documentId: document.id, name: trimmed },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: () => {
          showSuccess(t('rename.done', { name: trimmed }));
          close();
        },
        onError: (err) => {
          // The server's field text is English: show our own.
          const field = err instanceof ApiError ? err.fields?.name : undefined;
          if (field) setError(t('rename.invalid'));
          else showError(t('rename.failed'));
        },
      },
    );
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('rename.title')}
      icon={<IconPencil size={18} aria-hidden />}
      overlayClose
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('rename.label')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            maxLength={255}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={rename.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('rename.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
