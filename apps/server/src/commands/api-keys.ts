import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEYS_MAX,
  type ApiKeyCreateBody,
  type P,
} from '@sinetti/contract';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiKeys, organizations, sessions } from '../db/schema/index.ts';
import { apiKeyRefusal } from '../http/api-key-actor.ts';
import type { Clock } from '../lib/clock.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import type { Authorized } from '../policies/index.ts';
import { loadMembership, type OrganizationRow } from '../policies/membership.ts';
import { recordAudit, type AuditContext } from './audit.ts';
import { createSession, type NewSession } from './sessions.ts';
import type { ApiKeyRow } from '../queries/api-keys.ts';

type ManagedOrganization = Authorized<OrganizationRow, typeof P.ORG_EDIT_DETAILS>;
type ManagedKey = Authorized<{ key: ApiKeyRow; organizationId: string }, typeof P.ORG_EDIT_DETAILS>;

/** The part of a key that may be shown again: the prefix and its public id. */
export function keyPrefixOf(publicId: string): string {
  return `${API_KEY_PREFIX}${publicId}`;
}

/**
 * Makes a key in the organization. The caller's right to each permission was checked by the route
 * (apiKeyGrantRule); here: the expiry is in the future and the organization has room (API_KEYS_MAX live
 * keys, counted under the organization's row lock so that two at once cannot pass it).
 */
export async function createApiKey(
  db: Db,
  clock: Clock,
  organization: ManagedOrganization,
  who: AuditContext & { accountId: string },
  input: ApiKeyCreateBody,
): Promise<{ row: ApiKeyRow; secret: string }> {
  const now = clock.now();
  const expiresAt = input.expires ? new Date(input.expires) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The expiry time must be in the future.', {
      expires: 'Must be in the future.',
    }).because('API_KEY_EXPIRY_PAST');
  }
  const publicId = randomBytes(8).toString('hex');
  const secretPart = randomToken(32);
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${organizations} where id = ${organization.id} for no key update`);
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.organizationId, organization.id),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
        ),
      );
    if ((live?.n ?? 0) >= API_KEYS_MAX) {
      throw new AppError('CONFLICT', `An organization has at most ${API_KEYS_MAX} API keys.`).because(
        'API_KEY_LIMIT_REACHED',
      );
    }
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        organizationId: organization.id,
        createdByAccountId: who.accountId,
        name: input.name,
        publicId,
        secretHash: sha256Hex(secretPart),
        permissions: [...input.permissions].sort((a, b) => a - b),
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!inserted) throw new Error('api key insert returned nothing');
    await recordAudit(tx, who, 'api_key.created', {
      organizationId: organization.id,
      subjectId: inserted.id,
      data: {
        name: inserted.name,
        permissions: inserted.permissions,
        expires: expiresAt?.toISOString() ?? null,
      },
    });
    return inserted;
  });
  return { row, secret: `${keyPrefixOf(publicId)}_${secretPart}` };
}

/** Revokes a key and ends its sessions; a key revoked before stays as it was. */
export async function revokeApiKey(
  db: Db,
  clock: Clock,
  key: ManagedKey,
  who: AuditContext & { accountId: string },
): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: now, revokedByAccountId: who.accountId })
      .where(and(eq(apiKeys.id, key.key.id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (revoked.length === 0) return;
    await tx
      .update(sessions)
      .set({ endedAt: now })
      .where(and(eq(sessions.apiKeyId, key.key.id), isNull(sessions.endedAt)));
    await recordAudit(tx, who, 'api_key.revoked', {
      organizationId: key.organizationId,
      subjectId: key.key.id,
      data: { name: key.key.name },
    });
  });
}

const invalidKey = (why = 'This API key is not valid.') =>
  new AppError('SESSION_INVALID', why).because('API_KEY_INVALID');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `login {type: API, credential}`: a session bound to the key (its organization, its permissions within
 * its creator's). Unknown or malformed → 401 API_KEY_INVALID, revoked → API_KEY_REVOKED, expired →
 * API_KEY_EXPIRED; a key whose creator has left the organization is invalid too.
 */
export async function loginWithApiKey(
  db: Db,
  clock: Clock,
  credential: string | undefined,
  from: { ip: string | null; userAgent: string | null },
): Promise<{ session: NewSession; key: ApiKeyRow }> {
  const key = (credential ?? '').trim();
  if (key === '') {
    throw new AppError('VALIDATION_FAILED', 'Login type API needs the key as credential.', {
      credential: 'Required.',
    });
  }
  if (!API_KEY_PATTERN.test(key)) throw invalidKey();
  const [, publicId = '', secretPart = ''] = /^snt_([0-9a-f]{16})_(.+)$/.exec(key) ?? [];
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.publicId, publicId)).limit(1);
  // The hash is compared even when there is no row, so that both answers take the same time.
  const matches = sameHash(row?.secretHash ?? sha256Hex(''), sha256Hex(secretPart));
  if (!row || !matches) throw invalidKey();
  const refusal = apiKeyRefusal(row, clock.now());
  if (refusal) throw refusal;
  const creator = row.createdByAccountId;
  if (!creator || !(await loadMembership(db, creator, row.organizationId))) {
    throw invalidKey('The account that made this API key is no longer a member of its organization.');
  }
  const session = await db.transaction(async (tx) => {
    const made = await createSession(tx, clock, {
      accountId: creator,
      selectedOrganizationId: row.organizationId,
      apiKeyId: row.id,
      ip: from.ip,
      userAgent: from.userAgent,
    });
    await tx.update(apiKeys).set({ lastUsedAt: clock.now() }).where(eq(apiKeys.id, row.id));
    await recordAudit(
      tx,
      { accountId: creator, ip: from.ip, userAgent: from.userAgent, apiKey: { id: row.id, name: row.name } },
      'api_key.login',
      { organizationId: row.organizationId, subjectId: row.id },
    );
    return made;
  });
  return { session, key: row };
}
