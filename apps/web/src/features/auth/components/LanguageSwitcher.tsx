import { SegmentedControl } from '@mantine/core';
import { LANGUAGES, type Language } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, isLanguage } from '../../../lib/i18n';

/**
 * en / fi switch for the signed-out pages and the setup wizard; the choice is kept in local storage (SPEC §1)
 * and handed to `onChange` (the wizard saves it on the account).
 */
export function LanguageSwitcher({ onChange }: { onChange?: (lang: Language) => void } = {}) {
  const { t, i18n } = useTranslation('auth');
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={value}
      onChange={(next) => {
        if (!isLanguage(next)) return;
        void changeLanguage(next);
        onChange?.(next);
      }}
      data={LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`) }))}
    />
  );
}
