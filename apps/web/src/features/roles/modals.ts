import { registerModal } from '../../components/modals';
import { RoleDeleteModal } from './components/RoleDeleteModal';
import { UserRolesModal } from './components/UserRolesModal';

declare module '../../components/modals/registry' {
  interface ModalPropsMap {
    /** A member's roles (SPEC §2.7); the Users page opens it. */
    'user-roles': { accountId: string; name: string };
    /** Confirms deleting a role; `holders` is how many members hold it (null when the viewer cannot see). */
    'role-delete': { roleId: string; name: string; holders: number | null };
  }
}

/** Makes the roles modals openable by name. */
export function registerRolesModals(): void {
  registerModal('user-roles', UserRolesModal);
  registerModal('role-delete', RoleDeleteModal);
}
