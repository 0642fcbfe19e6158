import { and, eq } from 'drizzle-orm';
import { SESSION_TTL_MS, type Access } from '@sinetti/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { accounts, sessions } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { sha256Hex } from '../lib/crypto.ts';
import { loadMembership, type Membership } from '../policies/membership.ts';

export type AccountRow = typeof accounts.$inferSelect;

export interface AccountActor {
  sessionId: string;
  account: AccountRow;
  ip: string;
  userAgent: string | null;
}

export interface OrganizationActor extends AccountActor {
  membership: Membership;
}

export type ActorFor<A extends Access> = A extends 'organization'
  ? OrganizationActor
  : A extends 'account'
    ? AccountActor
    : AccountActor | null;

/** Sessions are touched at most this often, so that a burst of calls does not write on every one. */
const TOUCH_INTERVAL_MS = 30_000;

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() !== '' ? s.trim() : undefined;
}

/**
 * Resolves the session in the `session-id` header: unknown or ended → SESSION_INVALID,
 * unused for more than 2 hours → UNAUTHORIZED_ACCESS. A valid session slides forward.
 */
export async function resolveSession(
  db: Db,
  clock: Clock,
  req: FastifyRequest,
): Promise<AccountActor | null> {
  const token = header(req, 'session-id');
  if (!token) return null;
  if (token.length > 200) throw new AppError('SESSION_INVALID', 'The session is not valid. Sign in again.');
  const rows = await db
    .select({ session: sessions, account: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.tokenHash, sha256Hex(token)))
    .limit(1);
  const row = rows[0];
  if (!row || row.session.endedAt) {
    throw new AppError('SESSION_INVALID', 'The session is not valid. Sign in again.');
  }
  const now = clock.now();
  const idle = now.getTime() - row.session.lastUsedAt.getTime();
  if (idle > SESSION_TTL_MS) {
    throw new AppError('UNAUTHORIZED_ACCESS', 'The session has expired. Sign in again.');
  }
  if (idle > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.id, row.session.id)));
  }
  return {
    sessionId: row.session.id,
    account: row.account,
    ip: req.ip,
    userAgent: header(req, 'user-agent') ?? null,
  };
}

/** Applies the endpoint's access rule and returns the actor it needs. */
export async function resolveActor(
  db: Db,
  clock: Clock,
  req: FastifyRequest,
  access: Access,
): Promise<AccountActor | OrganizationActor | null> {
  if (access === 'public') {
    try {
      return await resolveSession(db, clock, req);
    } catch {
      return null;
    }
  }
  const actor = await resolveSession(db, clock, req);
  if (!actor) throw new AppError('SESSION_INVALID', 'Sign in to continue.');
  if (access === 'account') return actor;
  if (!actor.account.setupComplete) {
    throw new AppError('SETUP_REQUIRED', 'Finish setting up your account first.');
  }
  const companyId = header(req, 'company-id') ?? actor.account.defaultOrganizationId;
  const membership = companyId ? await loadMembership(db, actor.account.id, companyId) : null;
  if (!membership) throw new AppError('NOT_FOUND', 'Organization not found.');
  return { ...actor, membership };
}
