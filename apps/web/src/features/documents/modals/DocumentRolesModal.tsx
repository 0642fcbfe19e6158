import { useState } from 'react';
import { Alert, Button, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { useDocumentRoles, useSaveDocumentRoles } from '../api/roles';

/** What the caller may change, from the document's abilities (documents edit roles 23, delete roles 26). */
function allowedChange(
  before: readonly string[],
  next: readonly string[],
  can: { add: boolean; remove: boolean },
): string[] {
  const kept = can.remove ? next.filter((id) => before.includes(id)) : [...before];
  const added = can.add ? next.filter((id) => !before.includes(id)) : [];
  return [...kept, ...added];
}

/**
 * document-roles (SPEC §2.7, §6): which roles may see and work on this document or folder, as a
 * multi-select with save. Adding needs documents edit roles and removing documents delete roles (the
 * server's abilities); without either the selector is read-only. Save is enabled only when something
 * changed, and sends only the changes.
 */
export function DocumentRolesModal({ props, opened, close }: ModalComponentProps<'document-roles'>) {
  const { t } = useTranslation('documents');
  const { document, abilities } = props;
  const roles = useDocumentRoles(document.id);
  const save = useSaveDocumentRoles(document.id);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [selected, setSelected] = useState<string[] | null>(null);
  const can = { add: abilities.editRoles, remove: abilities.deleteRoles };
  const readOnly = !can.add && !can.remove;
  const own = roles.data?.roles.map((r) => r.id) ?? [];
  const value = selected ?? own;
  const add = value.filter((id) => !own.includes(id));
  const remove = own.filter((id) => !value.includes(id));
  const changed = add.length + remove.length > 0;

  const submit = () => {
    if (!changed || save.isPending) return;
    save.mutate(
      { add, remove },
      {
        onSuccess: ({ hidden }) => {
          showSuccess(t(hidden ? 'roles.savedHidden' : 'roles.saved', { name: document.name }));
          close();
          // Hidden from the caller now: its own page would only fail; go where it was, as delete does.
          const onItsPage =
            pathname === `/document/${document.id}` || pathname === `/documents/${document.id}`;
          if (hidden && onItsPage)
            void navigate(document.parent ? `/documents/${document.parent}` : '/documents');
        },
        onError: () => showError(t('roles.failed')),
      },
    );
  };

  const data = roles.data;
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('roles.title', { name: document.name })}
      icon={<IconLock size={18} aria-hidden />}
      overlayClose
    >
      {!data ? (
        roles.isError ? (
          <Text c="red">{t('roles.loadFailed')}</Text>
        ) : (
          <Loader size="sm" role="status" aria-label={t('roles.loading')} />
        )
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t(document.type === 'folder' ? 'roles.textFolder' : 'roles.text')}</Text>
          <MultiSelect
            label={t('roles.label')}
            placeholder={readOnly ? undefined : t('roles.placeholder')}
            data={data.available.map((r) => ({ value: r.id, label: r.name }))}
            value={value}
            onChange={(next) => setSelected(allowedChange(own, next, can))}
            readOnly={readOnly}
            clearable={false}
            searchable
            comboboxProps={{ withinPortal: false }}
          />
          {value.length === 0 && (
            <Alert variant="light" color="gray">
              {data.inheritedFrom && data.effective.length > 0
                ? t('roles.inherited', {
                    folder: data.inheritedFrom.name,
                    roles: data.effective.map((r) => r.name).join(', '),
                  })
                : t('roles.everyone')}
            </Alert>
          )}
          {readOnly && (
            <Text size="xs" c="dimmed">
              {t('roles.readOnly')}
            </Text>
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={save.isPending}>
          {t(readOnly ? 'actions.close' : 'actions.cancel')}
        </Button>
        {!readOnly && (
          <Button onClick={submit} disabled={!changed} loading={save.isPending}>
            {t('roles.save')}
          </Button>
        )}
      </Group>
    </AppModal>
  );
}
