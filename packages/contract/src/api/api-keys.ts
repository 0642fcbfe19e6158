import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { isGrantable } from '../permissions.ts';
import { okReply } from '../envelope.ts';
import { isoDate, uuid } from './common.ts';
import { requiredName } from './names.ts';

/**
 * Organization API keys (SPEC §7.1 `apikey-requests`, `apikey/{id}`, `apikey/none`; issue #34 item 1).
 * A key is `snt_<public id>_<secret>`: shown once at creation, stored as the SHA-256 of its secret.
 * `POST authentication/login {type: 'API', credential: <key>}` answers a session bound to the key's
 * organization and permissions (docs/decisions.md "API keys").
 */

/** The text every key starts with, so that secret scanners and people recognise it. */
export const API_KEY_PREFIX = 'snt_';
/** At most this many keys that are neither revoked nor expired per organization. */
export const API_KEYS_MAX = 50;
export const API_KEY_NAME_MAX = 64;
/** A key's last use is written at most this often (a busy integration would otherwise write on every call). */
export const API_KEY_TOUCH_MS = 60_000;
/** The pattern of a whole key: prefix, 16 hex characters of public id, 43 base64url characters of secret. */
export const API_KEY_PATTERN = /^snt_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/;

export const apiKeyState = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyState = z.infer<typeof apiKeyState>;

export const apiKey = z.object({
  id: uuid,
  name: z.string(),
  /** The first characters of the key (`snt_` and its public id), to recognise it; never the secret. */
  prefix: z.string(),
  /** The permission ids the key carries (a subset of its creator's when it was made). */
  permissions: z.array(z.number().int()),
  state: apiKeyState,
  created: isoDate,
  /** Who made it (null when that account is gone). */
  createdBy: z.object({ id: uuid, name: z.string() }).nullable(),
  expires: isoDate.nullable(),
  lastUsed: isoDate.nullable(),
  revoked: isoDate.nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

const permissionList = z
  .array(
    z
      .number()
      .int()
      .refine((id) => isGrantable(id), { message: 'Not a permission that can be granted.' }),
  )
  .min(1, { message: 'Choose at least one permission.' })
  .max(26)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'A permission is listed twice.' });

export const apiKeyCreateBody = z.object({
  name: requiredName(API_KEY_NAME_MAX, 'A name is required.'),
  permissions: permissionList,
  /** When the key stops working (ISO time, in the future); absent: never. */
  expires: z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 time.' }).nullable().optional(),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

const keyId = z.union([z.literal('none'), uuid]);

export const apiKeysApi = {
  apiKeyRequests: endpoint({
    id: 'authentication.apiKeyRequests',
    method: 'GET',
    path: '/authentication/apikey-requests',
    access: 'organization',
    summary:
      "The organization's API keys, newest first, revoked and expired ones included (with their state), " +
      'with who made each and when it was last used. Needs organization edit details (8).',
    reply: okReply({ apiKeys: z.array(apiKey) }),
  }),
  apiKey: endpoint({
    id: 'authentication.apiKey',
    method: 'GET',
    path: '/authentication/apikey/:id',
    access: 'organization',
    summary:
      'One API key by id (never its secret); `none` answers `apiKey: null`. Both also answer `grantable`: ' +
      'the permissions the caller may put on a key (their own). Needs organization edit details (8).',
    params: z.object({ id: keyId }),
    reply: okReply({ apiKey: apiKey.nullable(), grantable: z.array(z.number().int()) }),
  }),
  apiKeyCreate: endpoint({
    id: 'authentication.apiKeyCreate',
    method: 'POST',
    path: '/authentication/apikey/none',
    access: 'organization',
    summary:
      'Make an API key with a name, permissions (each one the caller holds: PERMISSION_NOT_HELD otherwise) ' +
      'and an optional expiry. The reply carries the key itself (`secret`) once; it is never shown again.',
    body: apiKeyCreateBody,
    reply: okReply({ apiKey, secret: z.string() }),
  }),
  apiKeyRevoke: endpoint({
    id: 'authentication.apiKeyRevoke',
    method: 'POST',
    path: '/authentication/apikey/:id/revoke',
    access: 'organization',
    summary:
      'Revoke an API key: it and every session it opened stop working at once. Revoking a revoked key ' +
      'answers OK and changes nothing.',
    params: z.object({ id: uuid }),
    reply: okReply({ apiKey }),
  }),
} as const;
