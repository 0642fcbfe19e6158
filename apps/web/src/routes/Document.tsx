import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../components/NotAvailable';

/** Document (SPEC §2.1): not built yet. */
export default function Document() {
  const { t } = useTranslation();
  return <NotAvailable title={t('pages.document')} />;
}
