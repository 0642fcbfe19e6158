import { Group, Stack, TextInput, Title } from '@mantine/core';
import { ownValue, signeeEmail, type Language } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { PersonNameInputs, SigneeLanguageSelect } from '../../../components/PersonInputs';

export interface RolePerson {
  givenName: string;
  familyName: string;
  email: string;
  /** The language the person reads (issue #31 item 2); unset: the sender's. */
  language?: Language;
}
export type RolePeople = Record<string, RolePerson>;

const EMPTY: RolePerson = { givenName: '', familyName: '', email: '' };

/** Each role's e-mail problem ('emailRequired', 'emailInvalid', 'duplicate'), checked as the server does. */
export function rolePeopleProblems(roles: string[], people: RolePeople): Record<string, string> {
  const problems = new Map<string, string>();
  const seen = new Set<string>();
  for (const role of roles) {
    const email = ownValue(people, role)?.email ?? '';
    const parsed = signeeEmail.safeParse(email);
    if (!parsed.success) problems.set(role, email.trim() === '' ? 'emailRequired' : 'emailInvalid');
    else if (seen.has(parsed.data)) problems.set(role, 'duplicate');
    else seen.add(parsed.data);
  }
  // fromEntries, not assignment: a role may be named like an object's own machinery ("__proto__").
  return Object.fromEntries(problems);
}

/** The person given for a role, else an empty one; in the sender's language unless one was picked. */
const personOf = (people: RolePeople, role: string, language: Language): Required<RolePerson> => ({
  ...EMPTY,
  language,
  ...ownValue(people, role),
});

/** The people for the request, one per role, each with their language (`language`: the sender's). */
export function roleSignees(roles: string[], people: RolePeople, language: Language) {
  return roles.map((role) => ({ role, ...personOf(people, role, language) }));
}

/**
 * Given name, family name, e-mail and language of the person for each of a template's signee roles, as the
 * signee form asks for them; the language starts as the sender's (`defaultLanguage`).
 */
export function TemplateRoleInputs({
  roles,
  people,
  errors,
  defaultLanguage,
  onChange,
}: {
  roles: string[];
  people: RolePeople;
  errors: Record<string, string>;
  defaultLanguage: Language;
  onChange: (role: string, person: RolePerson) => void;
}) {
  const { t } = useTranslation('documents');
  if (roles.length === 0) return null;
  return (
    <Stack gap="xs" role="group" aria-labelledby="template-roles-title">
      <Title order={3} size="sm" id="template-roles-title">
        {t('create.roles.title')}
      </Title>
      {roles.map((role) => {
        const person = personOf(people, role, defaultLanguage);
        const error = ownValue(errors, role);
        const set = (change: Partial<RolePerson>) => onChange(role, { ...person, ...change });
        return (
          <Stack key={role} gap={4} role="group" aria-label={role}>
            <Title order={4} size="xs" c="dimmed">
              {role}
            </Title>
            <PersonNameInputs value={person} onChange={(field, text) => set({ [field]: text })} />
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={t('create.roles.email')}
                type="email"
                required
                value={person.email}
                error={error ? t(`create.roles.errors.${error as 'emailRequired'}`) : undefined}
                onChange={(e) => set({ email: e.currentTarget.value })}
                autoComplete="off"
                style={{ flex: 1, minWidth: 0 }}
              />
              <SigneeLanguageSelect value={person.language} onChange={(language) => set({ language })} />
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
