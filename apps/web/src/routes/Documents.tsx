import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../components/NotAvailable';

/** Documents (SPEC §2.1): not built yet. */
export default function Documents() {
  const { t } = useTranslation();
  return <NotAvailable title={t('pages.documents')} />;
}
