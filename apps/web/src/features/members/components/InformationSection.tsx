import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCheck, IconLock, IconUser } from '@tabler/icons-react';
import { ORG_NAME_DEBOUNCE_MS, ORGANIZATION_NAME_MAX, P } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { useSelectedOrganization } from '../../../lib/account';
import { errorText } from '../../../lib/errors';
import { usePermissions } from '../../../lib/permissions';
import { useRenameOrganization } from '../api/members';

/**
 * Settings → Information (SPEC §2.1, §5): the organization's name. With organization edit details (8)
 * it is an input saved 2.5 s after typing stops (or at once on Enter, leaving the field or the page);
 * an empty name is refused and never sent. Without the permission, and in a personal workspace (which
 * cannot be renamed), it is read-only text.
 */
export function InformationSection() {
  const { t } = useTranslation('members');
  const { account, organization } = useSelectedOrganization();
  const permissions = usePermissions();
  if (!organization) return null;
  if (organization.isPersonal) {
    return (
      <ReadOnlyName name={account.data?.account.fullName ?? ''} icon={<IconUser aria-hidden />}>
        {t('information.personal')}
      </ReadOnlyName>
    );
  }
  if (!permissions.can(P.ORG_EDIT_DETAILS)) {
    return (
      <ReadOnlyName name={organization.name} icon={<IconLock aria-hidden />}>
        {t('information.readOnly')}
      </ReadOnlyName>
    );
  }
  return <NameEditor key={organization.id} saved={organization.name} />;
}

function ReadOnlyName({ name, icon, children }: { name: string; icon: ReactNode; children: string }) {
  const { t } = useTranslation('members');
  return (
    <Stack gap="md" align="flex-start">
      <div>
        <Text size="sm" c="dimmed">
          {t('information.label')}
        </Text>
        <Text fw={600}>{name}</Text>
      </div>
      <Alert variant="light" color="gray" icon={icon}>
        {children}
      </Alert>
    </Stack>
  );
}

type SaveState = 'idle' | 'saving' | 'saved';

function NameEditor({ saved }: { saved: string }) {
  const { t } = useTranslation('members');
  const rename = useRenameOrganization();
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>('idle');
  const lastSaved = useRef(saved);

  const save = (typed: string) => {
    const name = typed.trim();
    if (name === '' || name === lastSaved.current) return;
    setState('saving');
    rename.mutate(name, {
      onSuccess: (reply) => {
        lastSaved.current = reply.name;
        setState('saved');
      },
      onError: (failure) => {
        setState('idle');
        setError(`${t('information.failed')} ${errorText(failure)}`);
      },
    });
  };
  const debounced = useDebouncedCallback(save, { delay: ORG_NAME_DEBOUNCE_MS, flushOnUnmount: true });

  const change = (next: string) => {
    setValue(next);
    setState('idle');
    if (next.trim() === '') {
      debounced.cancel();
      setError(t('information.required'));
      return;
    }
    setError(null);
    debounced(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    debounced.flush();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={6} maw={480}>
        <TextInput
          label={t('information.label')}
          description={t('information.hint')}
          value={value}
          maxLength={ORGANIZATION_NAME_MAX}
          onChange={(e) => change(e.currentTarget.value)}
          onBlur={() => debounced.flush()}
          error={error}
          required
        />
        <Group gap={6} mih={22} aria-live="polite">
          {state === 'saving' && (
            <>
              <Loader size={14} />
              <Text size="sm" c="dimmed">
                {t('information.saving')}
              </Text>
            </>
          )}
          {state === 'saved' && (
            <>
              <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
              <Text size="sm" c="teal">
                {t('information.saved')}
              </Text>
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
