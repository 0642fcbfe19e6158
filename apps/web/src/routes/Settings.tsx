import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../components/NotAvailable';
import { useBackLink } from '../lib/navigation';

/** Organization settings (SPEC §2.1): not built yet; its back button already works (SPEC §2.2). */
export default function Settings() {
  const { t } = useTranslation();
  const { goBack } = useBackLink();
  return (
    <NotAvailable
      title={t('pages.settings')}
      actions={
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={goBack}>
          {t('actions.back')}
        </Button>
      }
    />
  );
}
