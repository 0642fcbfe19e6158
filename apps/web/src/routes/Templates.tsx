import { TemplatesPage } from '../features/documents/components/FilteredPage';
import { registerDocumentModals } from '../features/documents/modals';

registerDocumentModals();

/** Template library (SPEC §2.5 navigation): every template of the organization. */
export default function Templates() {
  return <TemplatesPage />;
}
