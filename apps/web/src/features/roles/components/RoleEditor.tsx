import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { ROLE_NAME_MAX, isDisplaySafe, type Role } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { hasReason } from '../../../lib/errors';
import { RoleAddedError, useSaveRole } from '../api/roles';
import { grantedOf, permissionChanges } from '../lib/permissions';
import { reportFailure } from '../lib/report';
import { PermissionsEditor } from './PermissionsEditor';

export interface RoleEditorProps {
  /** The role to edit, or null to add one. */
  role: Role | null;
  /** The viewer may add or edit roles (organization edit roles, 9; the role's own ability in edit mode). */
  canEdit: boolean;
  /** Whether the viewer may change this permission (a non-owner changes only what they hold). */
  changeable: (id: number) => boolean;
  /** After a save: the role's id (new in add mode). */
  onSaved: (roleId: string) => void;
}

type NameProblem = 'nameRequired' | 'nameTooLong' | 'nameInvalid' | 'nameTaken';

function nameProblem(name: string): NameProblem | null {
  if (name === '') return 'nameRequired';
  if (name.length > ROLE_NAME_MAX) return 'nameTooLong';
  return isDisplaySafe(name) ? null : 'nameInvalid';
}

/**
 * Adds or edits a role (SPEC §4.9): its name and permissions, grouped or, with Advanced permissions, the
 * 26 ids one by one. Save is enabled only when something changed and sends only what changed; a failed
 * save is reported and the page stays as it is.
 */
export function RoleEditor({ role, canEdit, changeable, onSaved }: RoleEditorProps) {
  const { t } = useTranslation('roles');
  const save = useSaveRole();
  const original = role ? grantedOf(role) : new Set<number>();
  const [name, setName] = useState(role?.name ?? '');
  const [granted, setGranted] = useState<Set<number>>(original);
  const [advanced, setAdvanced] = useState(false);
  const [problem, setProblem] = useState<NameProblem | null>(null);

  const trimmed = name.trim();
  const changes = permissionChanges(original, granted);
  const nameChanged = trimmed !== (role?.name ?? '');
  const dirty = nameChanged || changes.length > 0;
  const readOnly = !canEdit;
  // A role that grants what the caller lacks keeps its name (the server refuses a rename).
  const renamable = !role || role.abilities.rename;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || !dirty || save.isPending) return;
    const found = nameProblem(trimmed);
    setProblem(found);
    if (found) return;
    const change = {
      ...(nameChanged ? { name: trimmed } : {}),
      ...(changes.length > 0 ? { permissions: changes } : {}),
    };
    save.mutate(
      { roleId: role?.id ?? null, change },
      {
        onSuccess: (roleId) => {
          showSuccess(t(role ? 'editor.saved' : 'editor.added', { name: trimmed }));
          onSaved(roleId);
        },
        onError: (error) => {
          if (error instanceof RoleAddedError) {
            reportFailure(error.cause, t('editor.editFailed'));
            onSaved(error.roleId);
            return;
          }
          if (hasReason(error, 'ROLE_NAME_TAKEN')) setProblem('nameTaken');
          else if (error instanceof ApiError && error.fields?.name) setProblem('nameInvalid');
          reportFailure(error, t(role ? 'editor.editFailed' : 'editor.addFailed'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {readOnly && (
          <Alert color="gray" icon={<IconLock aria-hidden />}>
            {t('editor.readOnly')}
          </Alert>
        )}
        {role?.default && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
            {t('editor.default')}
          </Alert>
        )}
        <TextInput
          label={t('editor.name')}
          placeholder={t('editor.namePlaceholder')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setProblem(null);
          }}
          error={problem ? t(`editor.${problem}`, { max: ROLE_NAME_MAX }) : null}
          description={!readOnly && !renamable ? t('editor.renameNotHeld') : undefined}
          readOnly={readOnly || !renamable}
          required
          autoComplete="off"
          maxLength={ROLE_NAME_MAX * 2}
        />
        <Switch
          label={t('editor.advanced')}
          description={t('editor.advancedHint')}
          checked={advanced}
          onChange={(e) => setAdvanced(e.currentTarget.checked)}
        />
        <PermissionsEditor
          granted={granted}
          onChange={setGranted}
          advanced={advanced}
          readOnly={readOnly}
          changeable={changeable}
        />
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" disabled={!dirty} loading={save.isPending}>
              {t('editor.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
