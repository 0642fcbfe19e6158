import { lazy } from 'react';
import { registerModal } from '../../../components/modals';
import { CreateCompleteModal } from './CreateCompleteModal';
import { CreateNameModal } from './CreateNameModal';
import { CreateProgressModal } from './CreateProgressModal';
import { DeleteModal } from './DeleteModal';
import { DocumentErrorModal } from './DocumentErrorModal';
import { DocumentRolesModal } from './DocumentRolesModal';
import { MoveModal } from './MoveModal';
import { RenameModal } from './RenameModal';
import { UploadFileTypeModal } from './UploadFileTypeModal';
import { UploadModal } from './UploadModal';
import { UploadNameModal } from './UploadNameModal';
import { UploadProgressModal } from './UploadProgressModal';
import { UploadCompleteModal, UploadFailedModal } from './UploadResultModals';
export type { DocumentErrorKey, DocumentRef } from './types';

/** Makes the documents dialogs openable by name (SPEC §2.7). Registering again is harmless. */
export function registerDocumentModals(): void {
  registerModal('document-rename', RenameModal);
  registerModal('document-delete', DeleteModal);
  registerModal('document-move', MoveModal);
  registerModal('document-roles', DocumentRolesModal);
  // Loaded when first opened: its select, tooltip and copy button stay out of the dashboard's first load.
  registerModal(
    'document-share',
    lazy(async () => ({ default: (await import('./ShareModal')).ShareModal })),
  );
  registerModal(
    'document-versions',
    lazy(async () => ({ default: (await import('../versions/VersionsModal')).VersionsModal })),
  );
  registerModal('document-error', DocumentErrorModal);
  registerModal('document-create-name', CreateNameModal);
  registerModal(
    'document-create-from-template',
    lazy(async () => ({ default: (await import('./CreateFromTemplateModal')).CreateFromTemplateModal })),
  );
  registerModal('document-create-progress', CreateProgressModal);
  registerModal('document-create-complete', CreateCompleteModal);
  registerModal('document-upload', UploadModal);
  registerModal('document-upload-file-type', UploadFileTypeModal);
  registerModal('document-upload-name', UploadNameModal);
  registerModal('document-upload-progress', UploadProgressModal);
  registerModal('document-upload-complete', UploadCompleteModal);
  registerModal('document-upload-failed', UploadFailedModal);
}
