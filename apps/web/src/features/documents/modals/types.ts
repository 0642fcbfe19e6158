import type { CreateType, Document, DocumentAbilities, ErrorReason, UploadType } from '@sinetti/contract';
import type { ApiErrorCode } from '../../../lib/api';

/** What the row and header actions hand to their dialogs. */
export type DocumentRef = Pick<Document, 'id' | 'name' | 'type' | 'parent'>;

/** Keys of the document-error dialog (SPEC §8); anything else shows the generic text. */
export type DocumentErrorKey = 'fileNotFound' | 'generic';

declare module '../../../components/modals/registry' {
  interface ModalPropsMap {
    'document-rename': { document: DocumentRef };
    'document-delete': { document: DocumentRef };
    'document-move': { document: DocumentRef };
    /** Adding and removing follow the document's abilities (editRoles, deleteRoles). */
    'document-roles': {
      document: DocumentRef;
      abilities: Pick<DocumentAbilities, 'editRoles' | 'deleteRoles'>;
    };
    /** Share links to the document's PDF (abilities.share). */
    'document-share': { document: DocumentRef };
    /** The document's versions; restoring and uploading a new one follow abilities.edit. */
    'document-versions': { document: DocumentRef; canEdit: boolean };
    'document-error': { key?: DocumentErrorKey } | undefined;
    'document-create-name': { type: CreateType; parent: string | null };
    /** A contract from this template (SPEC §4.3), its fields and signee roles filled in. */
    'document-create-from-template': { parent: string | null; template: { id: string; name: string } };
    'document-create-progress': { type: CreateType };
    'document-create-complete': { type: CreateType; id: string; name: string };
    'document-upload': { parent: string | null };
    'document-upload-file-type': { file: File; parent: string | null; type?: UploadType };
    'document-upload-name': { file: File; parent: string | null; type: UploadType };
    'document-upload-progress': { name: string; percent: number };
    'document-upload-complete': { document: Document };
    'document-upload-failed': { code?: ApiErrorCode; reason?: ErrorReason | undefined };
  }
}
