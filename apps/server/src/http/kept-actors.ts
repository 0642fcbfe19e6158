// The callers of calls that only read, kept between a session's calls (issue #32 item 5: a word search read the
// session, its account, membership and roles in a statement of its own before its own, ≈ 0.3–0.5 ms of the
// database's CPU and a round trip per search). docs/decisions.md "Replies cached in the process", callers.
import { SESSION_TTL_MS } from '@sinetti/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { rememberCaller, requestHeader, resolveActorAlong, type OrganizationActor } from './actor.ts';
import { cacheTags, requestSessionTag, type KeptActor } from './reply-cache-plugin.ts';
import type { ReplyCache } from './reply-cache.ts';

/**
 * The caller of a call that only reads, in an organization, without a read along its session: the one this
 * process resolved for the same session and the same organization asked for (the `company-id` header) less
 * than REPLY_CACHE_TTL_MS ago, while nothing it was read from changed (its session, account, membership,
 * roles and organization notify the tags it is kept under: the organization's, the account's and the
 * session's), else resolveActorAlong()'s, kept. An API key's session is never kept (its key is checked on
 * every call). A kept caller is not touched: the read that resolves it again, at most REPLY_CACHE_TTL_MS later,
 * touches the session, well within TOUCH_INTERVAL_MS; and it is not used past its session's idle expiry.
 */
export async function resolveReader(
  db: Db,
  clock: Clock,
  req: FastifyRequest,
  kept: ReplyCache<KeptActor>,
): Promise<OrganizationActor> {
  const session = kept.enabled ? requestSessionTag(req) : undefined;
  const key = session && `${session}\n${requestHeader(req, 'company-id') ?? ''}`;
  const now = clock.now().getTime();
  const hit = key ? kept.get(key, now) : undefined;
  if (hit && now <= hit.expiresAt) {
    const actor = { ...hit.actor, ip: req.ip, userAgent: requestHeader(req, 'user-agent') ?? null };
    rememberCaller(req, actor);
    return actor;
  }
  const mark = kept.mark();
  const resolved = await resolveActorAlong(db, clock, req, 'organization');
  const actor = resolved.actor as OrganizationActor;
  const tags = session ? cacheTags(actor, session) : null;
  if (key && tags && resolved.lastUsedAt) {
    const { ip: _ip, userAgent: _userAgent, ...same } = actor;
    const expiresAt = resolved.lastUsedAt.getTime() + SESSION_TTL_MS;
    kept.set(key, { actor: same, expiresAt }, tags, mark, now);
  }
  return actor;
}
