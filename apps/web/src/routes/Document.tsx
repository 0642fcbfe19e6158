import { Navigate, useParams } from 'react-router';
import { DocumentPage } from '../features/documents/components/DocumentPage';
import { SidePanelNote } from '../features/documents/components/SidePanelNote';
import { registerDocumentModals } from '../features/documents/modals';

registerDocumentModals();

/**
 * Document (SPEC §2.1, §2.4): the documents feature's page. Other features fill its slots here (features
 * do not import each other): `sidePanel` beside the preview and `extraActions` in the header, each a
 * function of `{ document, reload }`. Signing will put its signees panel and send/cancel actions there.
 */
export default function Document() {
  const { document } = useParams();
  if (!document) return <Navigate to="/documents" replace />;
  return (
    <DocumentPage
      key={document}
      id={document}
      sidePanel={() => <SidePanelNote />}
      extraActions={() => null}
    />
  );
}
