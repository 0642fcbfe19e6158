import { useParams } from 'react-router';
import { FolderPage } from '../features/documents/components/FolderPage';
import { registerDocumentModals } from '../features/documents/modals';

registerDocumentModals();

/** Documents (SPEC §2.1): the folder listing; no parent is the top level. */
export default function Documents() {
  const { parent } = useParams();
  return <FolderPage key={parent ?? 'root'} parent={parent ?? null} />;
}
