import { P } from '@sinetti/contract';
import { usePermissions } from '../../../lib/permissions';

/**
 * What the user may do with listed documents (SPEC §6), from the permissions the server sent: list rows
 * carry no per-document abilities, and these actions depend on nothing but permissions. The document page
 * gates on the document's own abilities instead (useDocumentAbilities).
 */
export interface DocumentPermissions {
  create: boolean;
  /** Rename and move. */
  edit: boolean;
  delete: boolean;
  /** The permissions action (documents view roles); adding and removing roles in its dialog. */
  viewRoles: boolean;
  editRoles: boolean;
  deleteRoles: boolean;
}

export function useDocumentPermissions(): DocumentPermissions {
  const permissions = usePermissions();
  return {
    create: permissions.can(P.DOCUMENTS_CREATE),
    edit: permissions.can(P.DOCUMENTS_EDIT),
    delete: permissions.can(P.DOCUMENTS_DELETE),
    viewRoles: permissions.can(P.DOCUMENTS_VIEW_ROLES),
    editRoles: permissions.can(P.DOCUMENTS_EDIT_ROLES),
    deleteRoles: permissions.can(P.DOCUMENTS_DELETE_ROLES),
  };
}
