import { SegmentedControl } from '@mantine/core';
import { LANGUAGES, type Language } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, isLanguage } from '../lib/i18n';

/** Each language named in itself, as language menus do. */
export const LANGUAGE_NAMES = { en: 'English', fi: 'Suomi' } as const;

/**
 * The English / Suomi switch of the pages outside the signed-in app: a radio group (arrow keys move between
 * the languages) whose choice is shown at once (texts and <html lang>). `pick` keeps it: by default in local
 * storage (SPEC §1); the public signing pages pass pickPublicLanguage (issue #31 item 2). `onChange` hears
 * the new language afterwards (the setup wizard saves it on the account). `label` names the group.
 */
export function LanguageSwitch({
  label,
  pick = changeLanguage,
  onChange,
}: {
  label?: string;
  pick?: (lang: Language) => Promise<unknown>;
  onChange?: (lang: Language) => void;
} = {}) {
  const { t, i18n } = useTranslation('common');
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={label ?? t('languageSwitch')}
      value={value}
      onChange={(next) => {
        if (!isLanguage(next) || next === value) return;
        void pick(next);
        onChange?.(next);
      }}
      data={LANGUAGES.map((lang) => ({
        value: lang,
        label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>,
      }))}
    />
  );
}
