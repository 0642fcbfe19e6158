import { MAY_HAVE_WRITTEN_HEADER } from '@sinetti/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../db/changes.ts';
import { sha256Hex } from '../lib/crypto.ts';
import {
  requestHeader,
  resolvedCaller,
  type AccountActor,
  type AlongRead,
  type OrganizationActor,
} from './actor.ts';
import { callerTags, ReplyCache, replyTags, sessionTag, type ReadMark } from './reply-cache.ts';

/** The tag of the replies cached for the request's session (its token as readSession() takes it), if any. */
export function requestSessionTag(req: FastifyRequest): string | undefined {
  const token = requestHeader(req, 'session-id');
  return token && token.length <= 200 ? sessionTag(sha256Hex(token)) : undefined;
}

/** The request asks for a reply read now (`Cache-Control: no-cache`, or `Pragma: no-cache`), not a kept one. */
export function wantsFresh(req: FastifyRequest): boolean {
  const control = req.headers['cache-control'];
  return (
    /\bno-cache\b/i.test(String(control ?? '')) || /\bno-cache\b/i.test(String(req.headers.pragma ?? ''))
  );
}

/**
 * Whether a call may change data: any call whose route does not say it only reads (SPEC has GET calls that
 * write, such as giving a document a role).
 */
function mayWrite(req: FastifyRequest): boolean {
  return !(req.routeOptions.config as { readsOnly?: boolean } | undefined)?.readsOnly;
}

/** A caller as a read resolved it, without what each request brings (its address and user agent). */
export interface KeptActor {
  actor: Omit<OrganizationActor, 'ip' | 'userAgent'>;
  /** When the session's idle time runs out, as the read that kept it saw its last use. */
  expiresAt: number;
}

/** What one kept caller holds in memory, about (its account, organization and roles' rows). */
export const KEPT_ACTOR_BYTES = 4_000;
/** The callers' cache takes this share of the reply cache's size (REPLY_CACHE_MB) besides it. */
export const ACTORS_SHARE = 16;

/** What the process keeps between calls while the database says nothing it was read from changed. */
export interface KeptReads {
  /** Hot replies (http/reply-cache.ts). */
  replies: ReplyCache;
  /** The callers of calls that only read, by session and organization asked for (http/kept-actors.ts). */
  actors: ReplyCache<KeptActor>;
}

/**
 * The process's reply cache (http/reply-cache.ts) and its cache of callers (http/kept-actors.ts), fed by the
 * database's change notifications for as long as the app runs (one listening connection for both). A call that
 * may write drops its session's replies and callers, and those of its caller's organization and account
 * (resolvedCaller), before its reply is sent: the caller's next read, and any read in this process after it,
 * sees the write even while its notification is still on its way. Other processes drop them on the
 * notification, and the web app asks for fresh reads a moment after any call that may have written
 * (MAY_HAVE_WRITTEN_HEADER).
 */
export async function startReplyCache(
  app: FastifyInstance,
  maxBytes: number,
  changes: ChangeFeed,
): Promise<KeptReads> {
  const replies = new ReplyCache(maxBytes);
  const actors = new ReplyCache<KeptActor>(maxBytes / ACTORS_SHARE, () => KEPT_ACTOR_BYTES);
  if (maxBytes <= 0) return { replies, actors };
  const both = [replies, actors];
  const stop = await changes.listen({
    change: (payload) => both.forEach((cache) => cache.change(payload)),
    live: (listening) => both.forEach((cache) => cache.live(listening)),
  });
  app.addHook('onClose', stop);
  app.addHook('onSend', async (req, reply) => {
    if (!mayWrite(req)) return;
    const tag = requestSessionTag(req);
    if (!tag) return;
    // Another process may hold this session's replies until the write's notification reaches it: the web
    // app asks its next reads `Cache-Control: no-cache` for a moment (wantsFresh).
    void reply.header(MAY_HAVE_WRITTEN_HEADER, '1');
    // Only a caller the route resolved (through http/actor.ts, contract route or not): a made-up or ended
    // session has nothing cached, and remembering its tag would let anyone grow the cache's memory of
    // invalidations.
    const caller = resolvedCaller(req);
    if (!caller) return;
    for (const other of [tag, ...callerTags(organizationOf(caller), caller.account.id)]) {
      both.forEach((cache) => cache.invalidate(other));
    }
  });
  return { replies, actors };
}

/** Where a cacheable call's reply is looked up and kept. */
export interface CacheSlot {
  key: string;
  sessionTag: string;
  mark: ReadMark;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The cache key of a call: the session, the organization asked for, the URL, what is read along it and the
 * route's own key of its input (RouteOptions.cached).
 */
export function cacheSlot(
  endpointId: string,
  req: FastifyRequest,
  reads: AlongRead<unknown> | undefined,
  inputKey: string,
  mark: ReadMark,
): CacheSlot | undefined {
  const sessionTag = requestSessionTag(req);
  if (!sessionTag) return undefined;
  // The organization asked for as the session's resolution reads it.
  const company = requestHeader(req, 'company-id') ?? '';
  const values = reads ? JSON.stringify(reads.values) : '';
  const key = `${endpointId}\n${sessionTag}\n${company}\n${req.url}\n${values}\n${inputKey}`;
  return { key, sessionTag, mark };
}

/** The organization the caller acts in, if any. */
export function organizationOf(actor: AccountActor | OrganizationActor): string | null {
  return 'membership' in actor ? actor.membership.organization.id : null;
}

/** The tags to keep a reply under, or null when it must not be kept (no organization, an API key's session). */
export function cacheTags(
  actor: AccountActor | OrganizationActor | null,
  sessionTag: string,
): string[] | null {
  const organizationId = actor && !actor.apiKey ? organizationOf(actor) : null;
  return actor && organizationId ? replyTags(organizationId, actor.account.id, sessionTag) : null;
}
