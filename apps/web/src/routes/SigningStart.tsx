import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../components/NotAvailable';

/** SigningStart (SPEC §2.1): not built yet. */
export default function SigningStart() {
  const { t } = useTranslation();
  return <NotAvailable title={t('pages.signingStart')} />;
}
