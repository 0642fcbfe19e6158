import type { ApiKey, ApiKeyState } from '@sinetti/contract';
import type { ApiKeyRow, ApiKeyView } from '../queries/api-keys.ts';
import { keyPrefixOf } from '../commands/api-keys.ts';
import { presentCreator } from './creator.ts';

export function apiKeyStateOf(key: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>, now: Date): ApiKeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** A key as its managers see it: never its secret; the maker's address only with users view details. */
export function presentApiKey(view: ApiKeyView, now: Date, seesEmail: boolean): ApiKey {
  const { key, creator } = view;
  return {
    id: key.id,
    name: key.name,
    prefix: keyPrefixOf(key.publicId),
    permissions: key.permissions,
    state: apiKeyStateOf(key, now),
    created: key.createdAt.toISOString(),
    createdBy: presentCreator(creator, seesEmail),
    expires: key.expiresAt?.toISOString() ?? null,
    lastUsed: key.lastUsedAt?.toISOString() ?? null,
    revoked: key.revokedAt?.toISOString() ?? null,
  };
}
