import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { NotAvailable } from '../components/NotAvailable';

const FILTERS = ['draft', 'signing', 'signed', 'archived'] as const;
type Filter = (typeof FILTERS)[number];

function isFilter(value: string | undefined): value is Filter {
  return (FILTERS as readonly (string | undefined)[]).includes(value);
}

/** Documents in one state (SPEC §2.1): not built yet; unknown filters are not found. */
export default function Filtered() {
  const { t } = useTranslation();
  const { filter } = useParams();
  if (!isFilter(filter)) return <Navigate to="/page-not-found" replace />;
  return <NotAvailable title={t(`filters.${filter}`)} />;
}
