import { Stack } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { DocumentPage } from '../features/documents/components/DocumentPage';
import { TemplatePanel } from '../features/documents/components/TemplatePanel';
import { registerDocumentModals } from '../features/documents/modals';
import { FieldsCard } from '../features/fields';
import { AuditPanel, registerSigningModals, SigneesPanel, SigningActions } from '../features/signing';

registerDocumentModals();
registerSigningModals();

/** Folders and plain files are never signed. */
const signable = (type: string) => type !== 'folder' && type !== 'file';

/**
 * Document (SPEC §2.1, §2.4): the documents feature's page. Other features fill its slots here (features
 * do not import each other): `sidePanel` beside the preview and `extraActions` in the header, each a
 * function of `{ document, reload }`. Signing puts its signees panel, audit trail and send/cancel actions there;
 * a template's fields and signee roles come first, the fields placed on the pages after the signees.
 */
export default function Document() {
  const { document } = useParams();
  if (!document) return <Navigate to="/documents" replace />;
  return (
    <DocumentPage
      key={document}
      id={document}
      sidePanel={({ document: doc }) =>
        signable(doc.type) ? (
          <Stack gap="md">
            {doc.type === 'template' && <TemplatePanel document={doc} />}
            <SigneesPanel document={doc} />
            <FieldsCard document={doc} />
            <AuditPanel document={doc} />
          </Stack>
        ) : null
      }
      extraActions={({ document: doc, reload }) =>
        signable(doc.type) ? <SigningActions document={doc} onReload={() => void reload()} /> : null
      }
    />
  );
}
