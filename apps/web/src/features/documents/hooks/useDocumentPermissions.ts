import { P } from '@sinetti/contract';
import { usePermissions } from '../../../lib/permissions';

/** What the user may do with documents (SPEC §6); the server enforces the same rules. */
export interface DocumentPermissions {
  create: boolean;
  /** Rename, move, archive and restore. */
  edit: boolean;
  delete: boolean;
}

export function useDocumentPermissions(): DocumentPermissions {
  const permissions = usePermissions();
  return {
    create: permissions.can(P.DOCUMENTS_CREATE),
    edit: permissions.can(P.DOCUMENTS_EDIT),
    delete: permissions.can(P.DOCUMENTS_DELETE),
  };
}
