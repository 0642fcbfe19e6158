import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { TEMPLATE_ROLES_MAX, type Document } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useDocumentAbilities } from '../api/info';
import { useSetTemplateRoles, useTemplateFields } from '../api/template-fields';
import { fieldLabel } from './TemplateFieldInputs';

/**
 * A template's side panel (issue 13 item 4): the fields its placeholders define, how to write one, and its
 * signee roles, which members who may edit its signees add and remove. Use template asks for both.
 */
export function TemplatePanel({ document }: { document: Pick<Document, 'id'> }) {
  const { t } = useTranslation('documents');
  const template = useTemplateFields(document.id);
  const editable = useDocumentAbilities(document.id)?.editSignees ?? false;
  const setRoles = useSetTemplateRoles(document.id);
  const [role, setRole] = useState('');
  const roles = template.data?.roles ?? [];
  const fields = template.data?.fields ?? [];

  const save = (next: string[]) =>
    setRoles.mutate(next, {
      onSuccess: () => setRole(''),
      onError: (err) => showError(errorText(err, t('template.rolesFailed'))),
    });
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (role.trim() !== '') save([...roles, role.trim()]);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="template-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="template-title">
          {t('template.title')}
        </Title>
        {template.isPending && <Loader size="sm" role="status" aria-label={t('create.fields.loading')} />}
        {template.isError && (
          <Alert color="red" role="alert">
            {errorText(template.error, t('create.failed.fromTemplate'))}
          </Alert>
        )}
        {template.isSuccess && (
          <>
            <Title order={3} fz="sm">
              {t('template.fields')}
            </Title>
            {fields.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('template.noFields')}
              </Text>
            ) : (
              <Stack gap={2} role="list" aria-label={t('template.fields')}>
                {fields.map((f) => (
                  <Text size="sm" key={f.name} role="listitem">
                    {fieldLabel(f.name)} · {t(`template.types.${f.type}`)}
                    {f.default !== null && ` · ${t('template.default', { value: f.default })}`}
                  </Text>
                ))}
              </Stack>
            )}
            <Text size="xs" c="dimmed">
              {t('template.howTo')} <Code>{'{{tenant_name}}'}</Code> <Code>{'{{start_date:date}}'}</Code>{' '}
              <Code>{'{{rent:number|950}}'}</Code>
            </Text>
            <Title order={3} fz="sm">
              {t('template.roles')}
            </Title>
            {roles.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('template.noRoles')}
              </Text>
            ) : (
              <Stack gap={4} role="list" aria-label={t('template.roles')}>
                {roles.map((r) => (
                  <Group key={r} justify="space-between" role="listitem" wrap="nowrap">
                    <Text size="sm">{r}</Text>
                    {editable && (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('template.removeRole', { role: r })}
                        loading={setRoles.isPending}
                        onClick={() => save(roles.filter((x) => x !== r))}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                ))}
              </Stack>
            )}
            {editable && roles.length < TEMPLATE_ROLES_MAX && (
              <form onSubmit={add} aria-label={t('template.addRole')}>
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('template.roleName')}
                    placeholder={t('template.rolePlaceholder')}
                    value={role}
                    maxLength={60}
                    onChange={(e) => setRole(e.currentTarget.value)}
                  />
                  <Button
                    type="submit"
                    variant="default"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    loading={setRoles.isPending}
                  >
                    {t('template.addRole')}
                  </Button>
                </Group>
              </form>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
