import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../components/NotAvailable';

/** SigningComplete (SPEC §2.1): not built yet. */
export default function SigningComplete() {
  const { t } = useTranslation();
  return <NotAvailable title={t('pages.signingComplete')} />;
}
