import { SegmentedControl } from '@mantine/core';
import { LANGUAGES } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, isLanguage } from '../../../lib/i18n';

/** en / fi switch for the signed-out pages; the choice is kept in local storage (SPEC §1). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('auth');
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={value}
      onChange={(next) => {
        if (isLanguage(next)) void changeLanguage(next);
      }}
      data={LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`) }))}
    />
  );
}
