import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SESSION_TTL_MS, type Access } from '@sinetti/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { accounts, apiKeys, memberships, organizations, sessions } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { sha256Hex } from '../lib/crypto.ts';
import { assignedRolesOf, toMembership, type Membership } from '../policies/membership.ts';
import { isUuid } from '../lib/ids.ts';
import { checkSessionKey, keyMembership, keyNotAllowed, type ApiKeyActor } from './api-key-actor.ts';
import { lastUseOf, touchSession } from './last-use.ts';

export type AccountRow = typeof accounts.$inferSelect;

export interface AccountActor {
  sessionId: string;
  account: AccountRow;
  ip: string;
  userAgent: string | null;
  /** The API key the session was opened with (login type API); null for a person's session. */
  apiKey?: ApiKeyActor | null;
}

export interface OrganizationActor extends AccountActor {
  membership: Membership;
}

export type ActorFor<A extends Access> = A extends 'organization'
  ? OrganizationActor
  : A extends 'account'
    ? AccountActor
    : AccountActor | null;

/** A request header's first value, trimmed; undefined when absent or blank. */
export function requestHeader(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() !== '' ? s.trim() : undefined;
}

/** The session statement's columns a value read along may use (see AlongSession). */
export interface SessionColumns {
  /** The organization the membership names (null without a membership). */
  organizationId: AnyPgColumn;
  ownerAccountId: AnyPgColumn;
  accountId: AnyPgColumn;
  /** The API key the session was opened with (null for a person's session). */
  apiKeyId: AnyPgColumn;
}

/**
 * What a route may read in the caller's own statement (one round trip instead of two for its hottest reads,
 * issue #32 items 1 and 5): an SQL expression over the session's row. Its value is read before the caller is
 * authorized, so it must stay inside the organization the membership names, and the route uses it only
 * after authorize() has said yes (the dashboard's counts, queries/documents/stats.ts; a folder's page,
 * queries/documents/list-documents.ts).
 */
export interface AlongSession<T> {
  /** Names this variant of the prepared session statement. */
  name: string;
  /** The value to read. */
  column(session: SessionColumns, db: Db): SQL;
  /** The selected value as the route wants it. */
  read(value: unknown): T;
}

/** An AlongSession with the values of its placeholders for one request. */
export interface AlongRead<T> {
  session: AlongSession<T>;
  values: Record<string, unknown>;
}

/**
 * The session, its account and, in the same row, the account's membership of the organization asked for
 * (the `company-id` header, else the account's default), and what `along` reads: one prepared query per
 * request.
 */
function buildSessionQuery(db: Db, along: AlongSession<unknown> | undefined) {
  const columns: SessionColumns = {
    organizationId: organizations.id,
    ownerAccountId: organizations.ownerAccountId,
    accountId: accounts.id,
    apiKeyId: sessions.apiKeyId,
  };
  const organizationId = sql`coalesce(${sql.placeholder('organizationId')}::uuid, ${apiKeys.organizationId}, ${accounts.defaultOrganizationId})`;
  return db
    .select({
      session: {
        id: sessions.id,
        lastUsedAt: sessions.lastUsedAt,
        endedAt: sessions.endedAt,
        apiKeyId: sessions.apiKeyId,
      },
      account: accounts,
      organization: organizations,
      roles: assignedRolesOf(accounts.id, organizations.id),
      apiKey: {
        id: apiKeys.id,
        name: apiKeys.name,
        organizationId: apiKeys.organizationId,
        permissions: apiKeys.permissions,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
        lastUsedAt: apiKeys.lastUsedAt,
      },
      along: along ? along.column(columns, db) : sql`null`,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(apiKeys, eq(apiKeys.id, sessions.apiKeyId))
    .leftJoin(
      memberships,
      and(eq(memberships.accountId, sessions.accountId), eq(memberships.organizationId, organizationId)),
    )
    .leftJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare(along ? `actor_by_session_${along.name}` : 'actor_by_session');
}

const sessionQueries = preparedPerDatabase(() => new Map<string, ReturnType<typeof buildSessionQuery>>());

function sessionQuery(db: Db, along: AlongSession<unknown> | undefined) {
  const queries = sessionQueries(db);
  const key = along?.name ?? '';
  let query = queries.get(key);
  if (!query) {
    query = buildSessionQuery(db, along);
    queries.set(key, query);
  }
  return query;
}

type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionQuery>['execute']>>[number]>;

/**
 * Reads the session in the `session-id` header: unknown or ended → SESSION_INVALID, unused for more than
 * 2 hours → UNAUTHORIZED_ACCESS. A valid session slides forward. `organizationId` picks the membership
 * read along (null: the account's default organization).
 */
async function readSession(
  db: Db,
  clock: Clock,
  req: FastifyRequest,
  organizationId: string | null,
  along?: AlongRead<unknown>,
): Promise<{ actor: AccountActor; row: SessionRow; lastUsedAt: Date } | null> {
  const token = requestHeader(req, 'session-id');
  if (!token) return null;
  if (token.length > 200) throw new AppError('SESSION_INVALID', 'The session is not valid. Sign in again.');
  const rows = await sessionQuery(db, along?.session).execute({
    tokenHash: sha256Hex(token),
    organizationId,
    ...along?.values,
  });
  const row = rows[0];
  if (!row || row.session.endedAt) {
    throw new AppError('SESSION_INVALID', 'The session is not valid. Sign in again.');
  }
  const now = clock.now();
  const lastUse = lastUseOf(row.session.id, row.session.lastUsedAt);
  if (now.getTime() - lastUse.getTime() > SESSION_TTL_MS) {
    throw new AppError('UNAUTHORIZED_ACCESS', 'The session has expired. Sign in again.');
  }
  const apiKey = await checkSessionKey(db, clock, req, row.session.apiKeyId, row.apiKey);
  const lastUsedAt = touchSession(db, req.log, row.session.id, lastUse, now);
  const actor = {
    sessionId: row.session.id,
    account: row.account,
    ip: req.ip,
    userAgent: requestHeader(req, 'user-agent') ?? null,
    apiKey,
  };
  return { actor, row, lastUsedAt };
}

/** The caller of a session-bound call without an organization (sign-out, profile), or null without a session. */
export async function resolveSession(
  db: Db,
  clock: Clock,
  req: FastifyRequest,
): Promise<AccountActor | null> {
  return (await readSession(db, clock, req, null))?.actor ?? null;
}

/** Applies the endpoint's access rule and returns the actor it needs. */
export async function resolveActor(
  db: Db,
  clock: Clock,
  req: FastifyRequest,
  access: Access,
): Promise<AccountActor | OrganizationActor | null> {
  return (await resolveActorAlong(db, clock, req, access)).actor;
}

/** The caller each request's session resolved to (resolveActorAlong), for hooks that run after its handler. */
const callers = new WeakMap<FastifyRequest, AccountActor | OrganizationActor>();

/**
 * The caller a request's route resolved through resolveActor() or resolveActorAlong(), contract route or not;
 * undefined when none was (a public call without a session, a refused session).
 */
export function resolvedCaller(req: FastifyRequest): AccountActor | OrganizationActor | undefined {
  return callers.get(req);
}

/** Remembers the caller a request's route resolved (resolvedCaller). */
export function rememberCaller(req: FastifyRequest, actor: AccountActor | OrganizationActor): void {
  callers.set(req, actor);
}

interface Resolved<T> {
  actor: AccountActor | OrganizationActor | null;
  along: T | null;
  /** The session's last use as recorded now (null without a session). */
  lastUsedAt: Date | null;
}

/**
 * resolveActor(), and with `along` what it reads in the same statement (null for a caller without an
 * organization; only organization access reads it). The caller is remembered for the request (resolvedCaller).
 */
export async function resolveActorAlong<T>(
  db: Db,
  clock: Clock,
  req: FastifyRequest,
  access: Access,
  along?: AlongRead<T>,
): Promise<Resolved<T>> {
  const resolved = await resolveByAccess(db, clock, req, access, along);
  if (resolved.actor) rememberCaller(req, resolved.actor);
  return resolved;
}

async function resolveByAccess<T>(
  db: Db,
  clock: Clock,
  req: FastifyRequest,
  access: Access,
  along?: AlongRead<T>,
): Promise<Resolved<T>> {
  if (access === 'public') {
    try {
      const found = await readSession(db, clock, req, null);
      return { actor: found?.actor ?? null, along: null, lastUsedAt: found?.lastUsedAt ?? null };
    } catch {
      return { actor: null, along: null, lastUsedAt: null };
    }
  }
  const asked = access === 'organization' ? requestHeader(req, 'company-id') : undefined;
  const wellFormed = asked !== undefined && isUuid(asked);
  const reads = access === 'organization' ? along : undefined;
  const found = await readSession(db, clock, req, wellFormed ? asked : null, reads);
  if (!found) throw new AppError('SESSION_INVALID', 'Sign in to continue.');
  const { actor, row, lastUsedAt } = found;
  // A key acts in its own organization only, never as the account that made it.
  if (actor.apiKey && access === 'account') throw keyNotAllowed();
  if (access === 'account') return { actor, along: null, lastUsedAt };
  if (!actor.account.setupComplete) {
    throw new AppError('SETUP_REQUIRED', 'Finish setting up your account first.');
  }
  // A malformed company-id names no organization; it never falls back to the default one.
  if (!row.organization || (asked !== undefined && !wellFormed)) {
    throw new AppError('NOT_FOUND', 'Organization not found.');
  }
  const membership = toMembership(row.organization, actor.account.id, row.roles);
  const read = reads ? reads.session.read(row.along) : null;
  if (!actor.apiKey) return { actor: { ...actor, membership }, along: read, lastUsedAt };
  if (row.organization.id !== actor.apiKey.organizationId) {
    throw new AppError('NOT_FOUND', 'Organization not found.');
  }
  return {
    actor: { ...actor, membership: keyMembership(membership, actor.apiKey) },
    along: read,
    lastUsedAt,
  };
}
