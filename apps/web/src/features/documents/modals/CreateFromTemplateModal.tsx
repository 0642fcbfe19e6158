import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../lib/account';
import { errorText } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/i18n';
import { useTemplateFields } from '../api/template-fields';
import { DocumentNameInput } from '../components/DocumentNameInput';
import {
  TemplateFieldInputs,
  fieldValues,
  valueProblems,
  type FieldErrors,
  type FieldValues,
} from '../components/TemplateFieldInputs';
import {
  TemplateRoleInputs,
  roleSignees,
  rolePeopleProblems,
  type RolePeople,
} from '../components/TemplateRoleInputs';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { CREATE_PROGRESS } from './progress';
import { CREATE_ICONS } from './CreateNameModal';
import { runCreate } from './flows';

/**
 * document-create-from-template (SPEC §4.3 convert, issue 13 item 4): a contract from a template. Besides
 * its name it asks for the values of the template's fields ({{name}} placeholders) and a person for each
 * signee role. Loaded when first opened (its checks bring zod), so the dashboard's first load has none of it.
 */
export function CreateFromTemplateModal({
  props,
  opened,
  close,
}: ModalComponentProps<'document-create-from-template'>) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const account = useAccount();
  const { parent, template } = props;
  const type = 'contract';
  const [name, setName] = useState(template.name);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const Icon = CREATE_ICONS[type];
  const kind = 'fromTemplate';
  const fields = useTemplateFields(template.id);
  // What the user typed, over the fields' defaults: the fields arriving (or read again) never undo typing.
  const [typed, setTyped] = useState<FieldValues>({});
  const values = useMemo(() => fieldValues(fields.data?.fields ?? [], typed), [fields.data, typed]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [people, setPeople] = useState<RolePeople>({});
  const [roleErrors, setRoleErrors] = useState<Record<string, string>>({});
  const roles = fields.data?.roles ?? [];
  // The signees' language starts as the sender's, as in the signee form (issue #31 item 2).
  const language = account.data?.account.language ?? currentLanguage();
  const fieldsReady = fields.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problems = valueProblems(fields.data?.fields ?? [], values);
    const roleProblems = rolePeopleProblems(roles, people);
    setFieldErrors(problems);
    setRoleErrors(roleProblems);
    if (trimmed === '') setError(t(`create.required.${kind}`));
    const invalid = Object.keys(problems).length + Object.keys(roleProblems).length > 0;
    if (trimmed === '' || invalid || !fieldsReady) return;
    if (started.current) return;
    started.current = true;
    const filled = (fields.data?.fields ?? []).length > 0 ? { values } : {};
    const signees = roles.length > 0 ? { signees: roleSignees(roles, people, language) } : {};
    void runCreate(
      { type, name: trimmed, parent, templateId: template.id, ...filled, ...signees },
      { queryClient, t },
    );
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
          <Text size="sm">{t('create.fromTemplateText', { name: template.name })}</Text>
          <DocumentNameInput
            label={t(`create.label.${kind}`)}
            value={name}
            error={error}
            onChange={setName}
            onClearError={() => setError(null)}
          />
          {fields.isPending && (
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text size="sm" role="status">
                {t('create.fields.loading')}
              </Text>
            </Group>
          )}
          {fields.isError && (
            <Alert color="red" role="alert">
              {errorText(fields.error, t('create.failed.fromTemplate'))}
            </Alert>
          )}
          {fields.data && (
            <TemplateFieldInputs
              fields={fields.data.fields}
              values={values}
              errors={fieldErrors}
              onChange={(field, value) => {
                setTyped((v) => ({ ...v, [field]: value }));
                setFieldErrors(({ [field]: _gone, ...rest }) => rest);
              }}
            />
          )}
          <TemplateRoleInputs
            roles={roles}
            people={people}
            errors={roleErrors}
            defaultLanguage={language}
            onChange={(role, person) => {
              setPeople((p) => ({ ...p, [role]: person }));
              setRoleErrors(({ [role]: _gone, ...rest }) => rest);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={!fieldsReady}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
