import { API_KEY_TOUCH_MS } from '@sinetti/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { apiKeys } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import type { Membership } from '../policies/membership.ts';
import { hitRateLimit } from './rate-limit.ts';
import { touchBeside } from './last-use.ts';

/** The API key a session was opened with (login type API): whose calls it makes and with what. */
export interface ApiKeyActor {
  id: string;
  name: string;
  organizationId: string;
  permissions: number[];
}

/** The key's columns as the session query reads them (null when the session has no key). */
export interface ApiKeyColumns extends ApiKeyActor {
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

/** Calls per minute of one key when the server's configuration is not at hand. */
const DEFAULT_PER_MINUTE = 300;

export const apiKeyRevoked = () =>
  new AppError('SESSION_INVALID', 'This API key was revoked.').because('API_KEY_REVOKED');
export const apiKeyExpired = () =>
  new AppError('SESSION_INVALID', 'This API key has expired.').because('API_KEY_EXPIRED');

/** Why a key cannot be used now (revoked, then expired), or null. */
export function apiKeyRefusal(
  key: Pick<ApiKeyColumns, 'revokedAt' | 'expiresAt'>,
  now: Date,
): AppError | null {
  if (key.revokedAt) return apiKeyRevoked();
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return apiKeyExpired();
  return null;
}

/**
 * For a session opened with an API key: refuses a revoked, expired or vanished key (401 with its reason),
 * counts the call against the key's own rate limit, and notes its last use (at most once a minute, beside
 * the call: http/last-use.ts touchBeside).
 * Null for a person's session.
 */
export async function checkSessionKey(
  db: Db,
  clock: Clock,
  req: FastifyRequest,
  sessionKeyId: string | null,
  key: ApiKeyColumns | null,
): Promise<ApiKeyActor | null> {
  if (!sessionKeyId) return null;
  if (!key) throw apiKeyRevoked();
  const now = clock.now();
  const refusal = apiKeyRefusal(key, now);
  if (refusal) throw refusal;
  const perMinute = req.server?.ctx?.config?.rateLimitApiKeyPerMinute ?? DEFAULT_PER_MINUTE;
  await hitRateLimit(db, clock, { name: 'api-key', max: perMinute, windowMs: 60_000 }, key.id);
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > API_KEY_TOUCH_MS) {
    const due = new Date(now.getTime() - API_KEY_TOUCH_MS);
    touchBeside(`api-key:${key.id}`, now, req.log, () =>
      db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, due)))),
    );
  }
  return { id: key.id, name: key.name, organizationId: key.organizationId, permissions: key.permissions };
}

/**
 * What a key may do in its organization: the permissions it carries that its creator holds now (a creator
 * who loses a permission takes it from the key too), never the owner's powers, and the creator's roles
 * for which documents it sees.
 */
export function keyMembership(membership: Membership, key: ApiKeyActor): Membership {
  const carried = new Set(key.permissions);
  return {
    ...membership,
    isOwner: false,
    permissions: new Set([...membership.permissions].filter((p) => carried.has(p))),
  };
}

export const keyNotAllowed = () =>
  new AppError('FORBIDDEN', 'An API key cannot make this call; sign in as a person.').because(
    'API_KEY_NOT_ALLOWED',
  );
