import { Navigate, useParams } from 'react-router';
import { DOCUMENT_FILTERS, type DocumentFilter } from '@sinetti/contract';
import { FilteredPage } from '../features/documents/components/FilteredPage';
import { registerDocumentModals } from '../features/documents/modals';

registerDocumentModals();

function isFilter(value: string | undefined): value is DocumentFilter {
  return value !== undefined && Object.hasOwn(DOCUMENT_FILTERS, value);
}

/** Documents in one state (SPEC §2.1): draft, signing, signed, archived; unknown filters are not found. */
export default function Filtered() {
  const { filter } = useParams();
  if (!isFilter(filter)) return <Navigate to="/page-not-found" replace />;
  return <FilteredPage key={filter} filter={filter} />;
}
