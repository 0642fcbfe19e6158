import { Group, Select, TextInput } from '@mantine/core';
import { LANGUAGES, type Language } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../lib/i18n';
import { LANGUAGE_NAMES } from './LanguageSwitch';

export interface PersonName {
  givenName: string;
  familyName: string;
}

/**
 * A person's given and family name side by side (both optional, SPEC §2.4): the signee form and Use
 * template's people for the signee roles ask for them the same way.
 */
export function PersonNameInputs({
  value,
  onChange,
}: {
  value: PersonName;
  onChange: (field: keyof PersonName, text: string) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Group grow gap="xs">
      <TextInput
        label={t('person.givenName')}
        value={value.givenName}
        onChange={(e) => onChange('givenName', e.currentTarget.value)}
        autoComplete="off"
      />
      <TextInput
        label={t('person.familyName')}
        value={value.familyName}
        onChange={(e) => onChange('familyName', e.currentTarget.value)}
        autoComplete="off"
      />
    </Group>
  );
}

/**
 * The language a signee reads, each named in itself (issue #31 item 2): their e-mails, the public signing
 * pages and their part of the signature page follow it.
 */
export function SigneeLanguageSelect({
  value,
  onChange,
}: {
  value: Language;
  onChange: (language: Language) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Select
      label={t('person.language')}
      w={112}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      value={value}
      onChange={(v) => isLanguage(v) && onChange(v)}
      allowDeselect={false}
    />
  );
}
