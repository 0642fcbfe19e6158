import { PERMISSIONS, type Role, type RoleAbilities } from '@sinetti/contract';
import type { RolesView } from '../policies/roles.ts';
import type { RoleRow } from '../queries/roles/roles.ts';

/**
 * A role as SPEC §3 describes it: all 26 permissions (group markers 0) as a list and as an object keyed by
 * id. Who holds it is shown only to callers who may see users' roles; others see at most themselves.
 */
export function presentRole(
  row: RoleRow,
  viewer: { accountId: string; view: RolesView },
  abilities: RoleAbilities,
): Role {
  const granted = new Set(row.permissions);
  const permissions = PERMISSIONS.map((p) => ({
    id: p.id,
    permissionKey: p.key,
    permissionValue: !p.group && granted.has(p.id) ? (1 as const) : (0 as const),
  }));
  return {
    id: row.id,
    name: row.name,
    default: row.isDefault,
    accounts: viewer.view === 'holders' ? row.accounts : row.accounts.filter((id) => id === viewer.accountId),
    permissions,
    permissionsObject: Object.fromEntries(permissions.map((p) => [String(p.id), p.permissionValue])),
    abilities,
  };
}
