import { Group, Stack, TextInput, Title } from '@mantine/core';
import { ownValue, signeeEmail } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';

export interface RolePerson {
  givenName: string;
  familyName: string;
  email: string;
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

/** The person given for a role, else an empty one. */
const personOf = (people: RolePeople, role: string): RolePerson => ({ ...EMPTY, ...ownValue(people, role) });

/** The people for the request, one per role. */
export function roleSignees(roles: string[], people: RolePeople) {
  return roles.map((role) => ({ role, ...personOf(people, role) }));
}

/** Given name, family name and e-mail of the person for each of a template's signee roles. */
export function TemplateRoleInputs({
  roles,
  people,
  errors,
  onChange,
}: {
  roles: string[];
  people: RolePeople;
  errors: Record<string, string>;
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
        const person = personOf(people, role);
        const error = ownValue(errors, role);
        const set = (key: keyof RolePerson) => (value: string) => onChange(role, { ...person, [key]: value });
        return (
          <Stack key={role} gap={4} role="group" aria-label={role}>
            <Title order={4} size="xs" c="dimmed">
              {role}
            </Title>
            <Group grow gap="xs">
              <TextInput
                label={t('create.roles.givenName')}
                value={person.givenName}
                onChange={(e) => set('givenName')(e.currentTarget.value)}
                autoComplete="off"
              />
              <TextInput
                label={t('create.roles.familyName')}
                value={person.familyName}
                onChange={(e) => set('familyName')(e.currentTarget.value)}
                autoComplete="off"
              />
            </Group>
            <TextInput
              label={t('create.roles.email')}
              type="email"
              required
              value={person.email}
              error={error ? t(`create.roles.errors.${error as 'emailRequired'}`) : undefined}
              onChange={(e) => set('email')(e.currentTarget.value)}
              autoComplete="off"
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
