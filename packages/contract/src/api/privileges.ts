import { z } from 'zod';
import { ROLE_NAME_MAX } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk } from '../envelope.ts';
import { GROUP_PERMISSION_IDS, PERMISSIONS } from '../permissions.ts';
import { idParams, uuid } from './common.ts';
import { requiredName } from './names.ts';
import { documentRoleEndpoints } from './document-roles.ts';

const PERMISSION_ID_MAX = PERMISSIONS.length;

export const permissionGrant = z.object({
  id: z.number().int(),
  permissionKey: z.string(),
  permissionValue: z.union([z.literal(0), z.literal(1)]),
});

/** What the caller may do with a role, computed by the server (the web app gates its buttons on these). */
export const roleAbilities = z.object({
  /** Change its permissions, those the caller holds (organization edit roles, 9). */
  edit: z.boolean(),
  /** Rename it: edit roles (9), and the caller holds all it grants. */
  rename: z.boolean(),
  /** Delete it: edit roles (9), the caller holds all it grants, and never the default role. */
  delete: z.boolean(),
  /** Give it to or take it from a member: users edit roles (15), and the caller holds all it grants. */
  assign: z.boolean(),
});
export type RoleAbilities = z.infer<typeof roleAbilities>;

export const role = z.object({
  id: uuid,
  name: z.string(),
  default: z.boolean(),
  /** Members holding the role; only with users view roles (12) or users edit roles (15), else just the caller. */
  accounts: z.array(uuid),
  /** All 26 permissions in id order, group markers always 0. */
  permissions: z.array(permissionGrant),
  /** Keyed by permission id 1..26, 1 = granted. */
  permissionsObject: z.record(z.string(), z.union([z.literal(0), z.literal(1)])),
  abilities: roleAbilities,
});
export type Role = z.infer<typeof role>;

/** A role's name: the shared name rules (no control characters, lone surrogates or direction overrides). */
export const roleName = requiredName(ROLE_NAME_MAX, 'Please enter a name for the role.');

/** One permission to set: 1 grants it, 0 takes it away. Group markers can only be 0 (they are never granted). */
export const permissionChange = z
  .object({
    id: z
      .number({ message: 'A permission id is a number from 1 to 26.' })
      .int({ message: 'A permission id is a number from 1 to 26.' })
      .min(1, { message: 'A permission id is a number from 1 to 26.' })
      .max(PERMISSION_ID_MAX, { message: 'A permission id is a number from 1 to 26.' }),
    permissionValue: z.union([z.literal(0), z.literal(1)], { message: 'permissionValue is 0 or 1.' }),
  })
  .refine((p) => p.permissionValue === 0 || !GROUP_PERMISSION_IDS.includes(p.id), {
    message: 'Group markers (1, 7, 10, 13, 17, 21, 24) are never granted.',
  });
export type PermissionChange = z.infer<typeof permissionChange>;

/**
 * A change to a role: a new name, and the permissions to set (only the ones that change; any not listed
 * stay as they are). At least one of the two.
 */
export const roleUpdateBody = z
  .object({
    name: roleName.optional(),
    permissions: z
      .array(permissionChange)
      .max(PERMISSION_ID_MAX)
      .refine((list) => new Set(list.map((p) => p.id)).size === list.length, {
        message: 'Each permission may be listed once.',
      })
      .optional(),
  })
  .refine((b) => b.name !== undefined || b.permissions !== undefined, {
    message: 'Send a name, permissions or both.',
  });
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>;

const userRoleParams = z.object({ userId: uuid, roleId: uuid });

export const privileges = {
  ...documentRoleEndpoints,
  accountRoles: endpoint({
    id: 'privileges.accountRoles',
    method: 'GET',
    path: '/privileges/account-roles',
    access: 'organization',
    summary: "The caller's effective permissions in the selected organization (owner holds all).",
    reply: okReply({
      isOwner: z.boolean(),
      /** Granted permission ids. */
      permissions: z.array(z.number().int()),
      /** Granted permission keys. */
      keys: z.array(z.string()),
      roles: z.array(z.object({ id: uuid, name: z.string() })),
    }),
  }),
  roles: endpoint({
    id: 'privileges.roles',
    method: 'GET',
    path: '/privileges/roles',
    access: 'organization',
    summary:
      'The roles of the selected organization, by name. Needs organization view roles (5), users view roles (12) or users edit roles (15).',
    reply: okReply({ roles: z.array(role) }),
  }),
  roleInfo: endpoint({
    id: 'privileges.roleInfo',
    method: 'GET',
    path: '/privileges/role-info/:id',
    access: 'organization',
    summary: 'One role. Same permissions as the roles list.',
    params: idParams,
    reply: okReply({ role }),
  }),
  roleAdd: endpoint({
    id: 'privileges.roleAdd',
    method: 'POST',
    path: '/privileges/role-add',
    access: 'organization',
    summary:
      'Creates a role with no permissions (SPEC §4.9: the editor then sets them with role-update). Needs organization edit roles (9).',
    body: z.object({ name: roleName }),
    reply: okReply({ roleId: uuid }),
  }),
  roleUpdate: endpoint({
    id: 'privileges.roleUpdate',
    method: 'POST',
    path: '/privileges/role-update/:id',
    access: 'organization',
    summary:
      'Renames a role and/or sets some of its permissions. Needs organization edit roles (9); a non-owner sets (grants or takes away) only permissions they hold.',
    params: idParams,
    body: roleUpdateBody,
    reply: okReply({ role }),
  }),
  roleDelete: endpoint({
    id: 'privileges.roleDelete',
    method: 'GET',
    path: '/privileges/role-delete/:id',
    access: 'organization',
    summary:
      'Deletes a role; its holders lose it and stay members. The default role cannot be deleted (409). Needs organization edit roles (9); a non-owner deletes only roles that grant nothing they lack.',
    params: idParams,
    reply: simpleOk,
  }),
  assignRole: endpoint({
    id: 'privileges.assignRole',
    method: 'POST',
    path: '/privileges/role/:userId',
    access: 'organization',
    summary:
      'Gives a member a role (no change if they hold it). Needs users edit roles (15); a non-owner assigns only roles that grant nothing they lack.',
    params: z.object({ userId: uuid }),
    body: z.object({ roleId: uuid }),
    reply: okReply({ role }),
  }),
  unassignRole: endpoint({
    id: 'privileges.unassignRole',
    method: 'GET',
    path: '/privileges/delete-role/:userId/:roleId',
    access: 'organization',
    summary:
      'Takes a role from a member (no change if they do not hold it); with no role left they stay a member. Needs users edit roles (15); a non-owner takes away only roles that grant nothing they lack.',
    params: userRoleParams,
    reply: okReply({ role }),
  }),
} as const;
