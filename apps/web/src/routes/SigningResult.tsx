import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../components/NotAvailable';

/** SigningResult (SPEC §2.1): not built yet. */
export default function SigningResult() {
  const { t } = useTranslation();
  return <NotAvailable title={t('pages.signingResult')} />;
}
