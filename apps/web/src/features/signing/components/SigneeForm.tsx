import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language, Signee } from '@sinetti/contract';
import { PersonNameInputs, SigneeLanguageSelect } from '../../../components/PersonInputs';
import { showError, showSuccess } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { errorText, hasReason } from '../../../lib/errors';
import { useAccount } from '../../../lib/account';
import { currentLanguage } from '../../../lib/i18n';
import { levelsQuery, useAddSignee } from '../api/signees';
import { signeeEmailError, type SigneeEmailError } from '../lib/validation';
import { resolveChoice, SigneeMethodPicker, type MethodChoice } from './SigneeMethodPicker';

const EMPTY = { givenName: '', familyName: '', email: '' };

/**
 * The add-signee form (SPEC §2.4, §5): given and family name (optional), e-mail (checked before
 * sending, with SPEC's messages), the signee's language (the sender's by default), and a level and method
 * among those the server's providers serve.
 */
export function SigneeForm({ docId, signees }: { docId: string; signees: readonly Signee[] }) {
  const { t } = useTranslation('signing');
  const account = useAccount();
  const levels = useQuery(levelsQuery);
  const add = useAddSignee(docId);
  const [values, setValues] = useState(EMPTY);
  const [choice, setChoice] = useState<MethodChoice>({ level: null, method: null });
  const [error, setError] = useState<SigneeEmailError | null>(null);
  // The signee's language (issue #31 item 2): the sender's own until they pick another for this signee.
  const [picked, setPicked] = useState<Language | null>(null);
  const language = picked ?? account.data?.account.language ?? currentLanguage();
  // The level defaults to the server's default (SPEC §5 says 10; see docs/decisions.md "Levels"), the
  // method to the level's first offered one.
  const chosen = resolveChoice(levels.data, choice);

  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'email') setError(null);
  };

  const fillSelf = () => {
    const me = account.data?.account;
    if (!me) return;
    setValues({
      givenName: me.person.givenName ?? '',
      familyName: me.person.familyName ?? '',
      email: me.email,
    });
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const problem = signeeEmailError(values.email, signees);
    setError(problem);
    if (problem || chosen.level === null || chosen.method === null) return;
    add.mutate(
      { ...values, email: values.email.trim(), level: chosen.level, method: chosen.method, language },
      {
        onSuccess: () => {
          setValues(EMPTY);
          setPicked(null);
          showSuccess(t('signees.added'));
        },
        onError: (err) => {
          if (hasReason(err, 'METHOD_NOT_OFFERED', 'NO_PROVIDER_FOR_LEVEL')) {
            showError(errorText(err));
            return;
          }
          const known: SigneeEmailError | null = hasReason(err, 'SIGNEE_ALREADY_ADDED')
            ? 'alreadyAdded'
            : err instanceof ApiError && err.fields?.email
              ? 'emailInvalid'
              : null;
          if (known) setError(known);
          else showError(t('signees.addFailed'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('signees.add')}>
      <Stack gap="xs">
        <PersonNameInputs value={values} onChange={(field, text) => set(field)(text)} />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={t('signees.email')}
            type="email"
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={error ? t(`signees.errors.${error}`) : undefined}
            autoComplete="off"
            style={{ flex: 1, minWidth: 0 }}
          />
          <SigneeLanguageSelect value={language} onChange={setPicked} />
        </Group>
        <SigneeMethodPicker data={levels.data} choice={choice} onChange={setChoice} />
        <Group justify="space-between" gap="xs">
          <Button
            variant="default"
            leftSection={<IconUserCheck size={16} aria-hidden />}
            onClick={fillSelf}
            disabled={!account.data}
          >
            {t('signees.self')}
          </Button>
          <Button
            type="submit"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            loading={add.isPending}
            disabled={chosen.method === null}
          >
            {t('signees.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
