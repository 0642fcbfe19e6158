import { PERMISSION_GROUPS, type PermissionChange, type PermissionGroup, type Role } from '@sinetti/contract';

/** The permission ids a role grants. */
export function grantedOf(role: Pick<Role, 'permissions'>): Set<number> {
  return new Set(role.permissions.filter((p) => p.permissionValue === 1).map((p) => p.id));
}

/** Only the permissions whose value differs, in id order (what role-update needs). */
export function permissionChanges(
  before: ReadonlySet<number>,
  after: ReadonlySet<number>,
): PermissionChange[] {
  const ids = new Set([...before, ...after]);
  return [...ids]
    .filter((id) => before.has(id) !== after.has(id))
    .sort((a, b) => a - b)
    .map((id) => ({ id, permissionValue: after.has(id) ? 1 : 0 }));
}

export type GroupState = 'all' | 'some' | 'none';

/** Whether a group's permissions are all, some or none granted. */
export function groupState(group: PermissionGroup, granted: ReadonlySet<number>): GroupState {
  const count = group.members.filter((id) => granted.has(id)).length;
  if (count === 0) return 'none';
  return count === group.members.length ? 'all' : 'some';
}

/**
 * Grants or takes away the permissions in `ids`, except those `changeable` refuses (a non-owner cannot
 * change what they do not hold). Group markers are never granted.
 */
export function setPermissions(
  granted: ReadonlySet<number>,
  ids: readonly number[],
  on: boolean,
  changeable: (id: number) => boolean,
): Set<number> {
  const markers = new Set(PERMISSION_GROUPS.map((g) => g.marker));
  const next = new Set(granted);
  for (const id of ids) {
    if (markers.has(id) || !changeable(id)) continue;
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Role ids to give and to take away so that `before` becomes `after`. */
export function roleChanges(before: readonly string[], after: readonly string[]) {
  return {
    add: after.filter((id) => !before.includes(id)),
    remove: before.filter((id) => !after.includes(id)),
  };
}
