import { SegmentedControl } from '@mantine/core';
import { LANGUAGES } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage } from '../lib/i18n';
import { pickPublicLanguage } from '../lib/public-language';

/** Each language named in itself, as language menus do. */
const NAMES = { en: 'English', fi: 'Suomi' } as const;

/**
 * The public pages' English / Suomi switch (issue #31 item 2): a radio group (arrow keys move between the
 * languages), the visitor's pick kept in local storage and beating the signee's language on their next
 * visits, <html lang> updated.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('languageSwitch')}
      value={value}
      onChange={(next) => {
        if (isLanguage(next) && next !== value) void pickPublicLanguage(next);
      }}
      data={LANGUAGES.map((lang) => ({
        value: lang,
        label: <span lang={lang}>{NAMES[lang]}</span>,
      }))}
    />
  );
}
