import { useParams } from 'react-router';
import { RoleEditPage } from './RoleEditPage';
import { RolesList } from './RolesList';

/** Settings → Roles & Permissions: the list, and the sub-page edit that adds or edits a role (SPEC §2.1). */
export function RolesSection() {
  const { subPage } = useParams();
  return subPage === 'edit' ? <RoleEditPage /> : <RolesList />;
}
