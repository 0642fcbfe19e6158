import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconFolderPlus, IconTemplate } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors';
import { useTemplateFields } from '../api/template-fields';
import { DocumentNameInput } from '../components/DocumentNameInput';
import {
  TemplateFieldInputs,
  initialValues,
  valueProblems,
  type FieldErrors,
  type FieldValues,
} from '../components/TemplateFieldInputs';
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
 * message per kind); the input gets focus 500 ms after opening. From a template it makes a contract, and
 * asks for the values of the template's fields ({{name}} placeholders, issue 13 item 4) first.
 */
export function CreateNameModal({ props, opened, close }: ModalComponentProps<'document-create-name'>) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const { type, parent, template } = props;
  const [name, setName] = useState(template?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const Icon = CREATE_ICONS[type];
  const kind = template ? 'fromTemplate' : type;
  const fields = useTemplateFields(template?.id);
  const [values, setValues] = useState<FieldValues>({});
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (fields.data) setValues(initialValues(fields.data));
  }, [fields.data]);
  const fieldsReady = !template || fields.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problems = valueProblems(fields.data ?? [], values);
    setFieldErrors(problems);
    if (trimmed === '') setError(t(`create.required.${kind}`));
    if (trimmed === '' || Object.keys(problems).length > 0 || !fieldsReady) return;
    if (started.current) return;
    started.current = true;
    const filled = template && (fields.data ?? []).length > 0 ? { values } : {};
    void runCreate({ type, name: trimmed, parent, templateId: template?.id, ...filled }, { queryClient, t });
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
          {template && <Text size="sm">{t('create.fromTemplateText', { name: template.name })}</Text>}
          <DocumentNameInput
            label={t(`create.label.${kind}`)}
            value={name}
            error={error}
            onChange={setName}
            onClearError={() => setError(null)}
          />
          {template && fields.isPending && (
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
              fields={fields.data}
              values={values}
              errors={fieldErrors}
              onChange={(field, value) => {
                setValues((v) => ({ ...v, [field]: value }));
                setFieldErrors(({ [field]: _gone, ...rest }) => rest);
              }}
            />
          )}
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
