import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../components/NotAvailable';

/** CardPaymentReturn (SPEC §2.1): not built yet. */
export default function CardPaymentReturn() {
  const { t } = useTranslation();
  return <NotAvailable title={t('pages.cardPaymentReturn')} />;
}
