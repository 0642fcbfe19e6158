import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotAvailable } from '../components/NotAvailable';

/** Search results (SPEC §2.1): not built yet; the title shows the search text. */
export default function Search() {
  const { t } = useTranslation();
  const { text = '' } = useParams();
  return <NotAvailable title={t('pages.search', { text })} />;
}
