import { Select, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_REGION, DEFAULT_TIMEZONE, LANGUAGES } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../components/toast';
import { useAccount } from '../../../lib/account';
import { changeLanguage, currentLanguage, isLanguage } from '../../../lib/i18n';
import { useSaveLanguage } from '../../../lib/save-language';
import { regionLabel } from '../lib/pages';

/** Language (en/fi, saved on the account), region and time zone (shown, not editable yet). */
export function LanguageRegionSection() {
  const { t, i18n } = useTranslation('profile');
  const account = useAccount();
  const save = useSaveLanguage();
  const language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  const settings = account.data?.account.settings;

  return (
    <Stack gap="md" maw={420}>
      <Text c="dimmed">{t('language.text')}</Text>
      <Select
        label={t('language.label')}
        value={language}
        allowDeselect={false}
        // Options exist only while open: the closed list must not share the field's label.
        comboboxProps={{ keepMounted: false }}
        disabled={save.isPending}
        data={LANGUAGES.map((code) => ({ value: code, label: t(`language.${code}`) }))}
        onChange={(next) => {
          if (!isLanguage(next) || next === language) return;
          void changeLanguage(next);
          save.mutate(next, { onError: () => showError(t('language.saveFailed')) });
        }}
      />
      <TextInput
        label={t('language.region')}
        value={regionLabel(settings?.region ?? DEFAULT_REGION, language)}
        readOnly
        variant="filled"
      />
      <TextInput
        label={t('language.timezone')}
        value={settings?.timezone ?? DEFAULT_TIMEZONE}
        readOnly
        variant="filled"
      />
    </Stack>
  );
}
