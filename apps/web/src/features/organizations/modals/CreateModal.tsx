import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingPlus } from '@tabler/icons-react';
import { ORGANIZATION_NAME_MAX } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { AppModal, modalStore, type ModalComponentProps } from '../../../components/modals';
import { errorText } from '../../../lib/errors';
import { useCreateOrganization } from '../api/organizations';

/**
 * organization-create (SPEC §2.7, §4.6, §5): the new organization's name, which must not be empty. On
 * success the dialog gives way to organization-create-complete; a refusal stays in the dialog.
 */
export function CreateModal({ opened, close }: ModalComponentProps<'organization-create'>) {
  const { t } = useTranslation('organizations');
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('create.required'));
      return;
    }
    if (create.isPending) return;
    create.mutate(trimmed, {
      onSuccess: (organization) => {
        close();
        modalStore.open('organization-create-complete', organization);
      },
      onError: (failure) => setError(errorText(failure, t('create.failed'))),
    });
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('create.title')}
      icon={<IconBuildingPlus size={18} aria-hidden />}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('create.text')}</Text>
          <TextInput
            label={t('create.label')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={ORGANIZATION_NAME_MAX}
            aria-required
            autoComplete="organization"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
