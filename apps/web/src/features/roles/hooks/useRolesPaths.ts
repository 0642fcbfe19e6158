import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** Query parameter of /settings/permissions/edit naming the role to edit (absent: add a role). */
export const ROLE_PARAM = 'role';

/** Paths inside Roles & Permissions that keep the page's other query parameters (such as `back`). */
export function useRolesPaths() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pathWith = useCallback(
    (path: string, roleId: string | null) => {
      const next = new URLSearchParams(params);
      if (roleId) next.set(ROLE_PARAM, roleId);
      else next.delete(ROLE_PARAM);
      const query = next.toString();
      return query ? `${path}?${query}` : path;
    },
    [params],
  );
  return {
    roleId: params.get(ROLE_PARAM),
    listPath: pathWith('/settings/permissions', null),
    editPath: (roleId: string | null) => pathWith('/settings/permissions/edit', roleId),
    navigate,
  };
}
