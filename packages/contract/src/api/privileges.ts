import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply } from '../envelope.ts';
import { uuid } from './common.ts';

export const permissionGrant = z.object({
  id: z.number().int(),
  permissionKey: z.string(),
  permissionValue: z.union([z.literal(0), z.literal(1)]),
});

export const role = z.object({
  id: uuid,
  name: z.string(),
  default: z.boolean(),
  accounts: z.array(uuid),
  permissions: z.array(permissionGrant),
  /** Keyed by permission id 1..26, 1 = granted. */
  permissionsObject: z.record(z.string(), z.union([z.literal(0), z.literal(1)])),
});
export type Role = z.infer<typeof role>;

export const privileges = {
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
} as const;
