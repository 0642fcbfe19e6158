import { Button } from '@mantine/core';
import { IconFileSearch, IconTemplate, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { P } from '@sinetti/contract';
import { useModals } from '../../../components/modals';
import { usePermissions } from '../../../lib/permissions';
import { registerDocumentModals } from '../modals';

registerDocumentModals();

/**
 * The call to action of an empty document list (issue 12 item 12): upload a document into the folder
 * (or the top level), shown only with the documents-create permission like the Create button.
 */
export function UploadAction({ parent = null }: { parent?: string | null }) {
  const { t } = useTranslation('documents');
  const permissions = usePermissions();
  const modals = useModals();
  if (!permissions.can(P.DOCUMENTS_CREATE)) return null;
  return (
    <Button
      leftSection={<IconUpload size={16} aria-hidden />}
      onClick={() => modals.open('document-upload', { parent })}
    >
      {t('empty.upload')}
    </Button>
  );
}

/** The empty template library's call to action: a new template (documents create). */
export function NewTemplateAction() {
  const { t } = useTranslation('documents');
  const permissions = usePermissions();
  const modals = useModals();
  if (!permissions.can(P.DOCUMENTS_CREATE)) return null;
  return (
    <Button
      leftSection={<IconTemplate size={16} aria-hidden />}
      onClick={() => modals.open('document-create-name', { type: 'template', parent: null })}
    >
      {t('empty.newTemplate')}
    </Button>
  );
}

/** An empty state list (waiting, signed, archive) leads to all documents, where work starts. */
export function AllDocumentsAction() {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  return (
    <Button
      variant="light"
      leftSection={<IconFileSearch size={16} aria-hidden />}
      onClick={() => void navigate('/documents')}
    >
      {t('empty.allDocuments')}
    </Button>
  );
}
