import { GRANTABLE_PERMISSION_IDS, PERMISSIONS, type Role } from '@sinetti/contract';
import { sessionStore } from '../../../lib/session';

export const ORG = '00000000-0000-4000-8000-000000000002';
export const ALICE = '00000000-0000-4000-8000-0000000000a1';
export const BOB = '00000000-0000-4000-8000-0000000000b0';

export function signIn() {
  sessionStore.signIn({
    id: 'secret-session-id',
    updated: new Date().toISOString(),
    status: 'OK',
    selectedOrganization: ORG,
    lastBalance: null,
  });
}

export function accountRoles(permissions: readonly number[] = GRANTABLE_PERMISSION_IDS, isOwner = true) {
  return () => ({ status: 'OK', isOwner, permissions: [...permissions], keys: [], roles: [] });
}

export function role(id: string, name: string, granted: number[], extra: Partial<Role> = {}): Role {
  const permissions = PERMISSIONS.map((p) => ({
    id: p.id,
    permissionKey: p.key,
    permissionValue: granted.includes(p.id) ? (1 as const) : (0 as const),
  }));
  return {
    id,
    name,
    default: false,
    accounts: [],
    permissions,
    permissionsObject: Object.fromEntries(permissions.map((p) => [String(p.id), p.permissionValue])),
    abilities: { edit: true, rename: true, delete: true, assign: true },
    ...extra,
  };
}

export const ROLE_MEMBER = '00000000-0000-4000-8000-00000000a001';
export const ROLE_VIEWER = '00000000-0000-4000-8000-00000000a002';
export const ROLE_ADMIN = '00000000-0000-4000-8000-00000000a003';

export const member = () =>
  role(ROLE_MEMBER, 'Member', [2, 4, 11, 18, 20, 22, 25], {
    default: true,
    accounts: [ALICE],
    abilities: { edit: true, rename: true, delete: false, assign: true },
  });
export const viewer = () => role(ROLE_VIEWER, 'Viewer', [2, 18], { accounts: [ALICE, BOB] });
export const admin = () => role(ROLE_ADMIN, 'Administrator', [...GRANTABLE_PERMISSION_IDS]);

export const rolesReply =
  (roles: Role[] = [admin(), member(), viewer()]) =>
  () => ({ status: 'OK', roles });
