/**
 * The 26 permission ids of SPEC §6. Ids 1, 7, 10, 13, 17, 21 and 24 are group markers used only to
 * group the detailed editor; they are never granted. `key` is the stable machine name.
 */
export const PERMISSIONS = [
  { id: 1, key: 'organization.view', group: true },
  { id: 2, key: 'organization.view.details', group: false },
  { id: 3, key: 'organization.view.balance', group: false },
  { id: 4, key: 'organization.view.users', group: false },
  { id: 5, key: 'organization.view.roles', group: false },
  { id: 6, key: 'organization.users.invite', group: false },
  { id: 7, key: 'organization.edit', group: true },
  { id: 8, key: 'organization.edit.details', group: false },
  { id: 9, key: 'organization.edit.roles', group: false },
  { id: 10, key: 'users.view', group: true },
  { id: 11, key: 'users.view.details', group: false },
  { id: 12, key: 'users.view.roles', group: false },
  { id: 13, key: 'users.edit', group: true },
  { id: 14, key: 'users.edit.details', group: false },
  { id: 15, key: 'users.edit.roles', group: false },
  { id: 16, key: 'organization.users.remove', group: false },
  { id: 17, key: 'documents.view', group: true },
  { id: 18, key: 'documents.view.details', group: false },
  { id: 19, key: 'documents.view.roles', group: false },
  { id: 20, key: 'documents.create', group: false },
  { id: 21, key: 'documents.edit', group: true },
  { id: 22, key: 'documents.edit.details', group: false },
  { id: 23, key: 'documents.edit.roles', group: false },
  { id: 24, key: 'documents.delete', group: true },
  { id: 25, key: 'documents.delete.details', group: false },
  { id: 26, key: 'documents.delete.roles', group: false },
] as const;

export type PermissionKey = (typeof PERMISSIONS)[number]['key'];
export type PermissionId = (typeof PERMISSIONS)[number]['id'];

/** Named ids for the permissions that can be granted. */
export const P = {
  ORG_VIEW_DETAILS: 2,
  ORG_VIEW_BALANCE: 3,
  ORG_VIEW_USERS: 4,
  ORG_VIEW_ROLES: 5,
  ORG_USERS_INVITE: 6,
  ORG_EDIT_DETAILS: 8,
  ORG_EDIT_ROLES: 9,
  USERS_VIEW_DETAILS: 11,
  USERS_VIEW_ROLES: 12,
  USERS_EDIT_DETAILS: 14,
  USERS_EDIT_ROLES: 15,
  ORG_USERS_REMOVE: 16,
  DOCUMENTS_VIEW: 18,
  DOCUMENTS_VIEW_ROLES: 19,
  DOCUMENTS_CREATE: 20,
  DOCUMENTS_EDIT: 22,
  DOCUMENTS_EDIT_ROLES: 23,
  DOCUMENTS_DELETE: 25,
  DOCUMENTS_DELETE_ROLES: 26,
} as const satisfies Record<string, PermissionId>;

export const GROUP_PERMISSION_IDS: readonly number[] = PERMISSIONS.filter((p) => p.group).map((p) => p.id);
export const GRANTABLE_PERMISSION_IDS: readonly number[] = PERMISSIONS.filter((p) => !p.group).map(
  (p) => p.id,
);

export function isGrantable(id: number): boolean {
  return GRANTABLE_PERMISSION_IDS.includes(id);
}

export function permissionKeyOf(id: number): PermissionKey | undefined {
  return PERMISSIONS.find((p) => p.id === id)?.key;
}

/** A group marker and the grantable permissions listed under it (the ids that follow it up to the next marker). */
export interface PermissionGroup {
  marker: number;
  key: PermissionKey;
  members: number[];
}

/** The seven groups of SPEC §6, in order: what the simple role editor shows as one switch each. */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = PERMISSIONS.reduce<PermissionGroup[]>(
  (groups, p) => {
    if (p.group) groups.push({ marker: p.id, key: p.key, members: [] });
    else groups[groups.length - 1]?.members.push(p.id);
    return groups;
  },
  [],
);
