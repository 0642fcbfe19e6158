import type { Endpoint } from '@sinetti/contract';
import type { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveActorAlong, type ActorFor, type AlongRead } from './actor.ts';
import type { AppContext } from './context.ts';
import { PreSerializedReply } from './json-text.ts';
import { hitRateLimit, type RateLimit } from './rate-limit.ts';
import { parseInput } from './validation.ts';
import { infrastructureError } from '../lib/faults.ts';
import { resolveReader } from './kept-actors.ts';
import { cacheSlot, cacheTags, JSON_TYPE, wantsFresh } from './reply-cache-plugin.ts';

/** The parsed input of an optional schema (`E['params']` is `Schema | undefined`). */
type Parsed<T> = NonNullable<T> extends z.ZodType ? z.infer<NonNullable<T>> : undefined;

export interface RouteContext<E extends Endpoint, A = never> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  actor: ActorFor<E['access']>;
  /** What RouteOptions.along read with the caller's session; use it only after authorizing the actor. */
  along: A | null;
  ctx: AppContext;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler returns: the contract's reply, or the same already serialized. */
type HandlerResult<E extends Endpoint> = z.infer<E['reply']> | PreSerializedReply<z.infer<E['reply']>>;

/** A call's parsed input. */
interface Input<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
}

export interface RouteOptions<E extends Endpoint, A = never> {
  /** Rate limit per client address. */
  rateLimit?: RateLimit;
  /**
   * What to read in the session's own statement (organization access only; see AlongSession), chosen by the
   * call's input (parsed first; undefined reads nothing along).
   */
  along?: (input: Input<E>, now: Date) => AlongRead<A> | undefined;
  /**
   * The reply may be kept in the process's reply cache (http/reply-cache.ts) and answered again to the same
   * session for the same request: a read of organization access whose reply depends on nothing but the
   * session's caller, the `company-id` header, the URL, what `along` reads (its values are part of the key)
   * and the tables that notify their changes (migration 0044). Not for API keys' sessions. A function decides
   * by the call's parsed input (parsed first): the text it answers is part of the key (what the reply also
   * depends on, such as a body), and undefined keeps nothing for that call.
   */
  cached?: boolean | ((input: Input<E>) => string | undefined);
  /**
   * The call writes nothing (a cached call, a search): it leaves its session's cached replies, which every
   * other call of the session drops (http/reply-cache-plugin.ts).
   */
  readsOnly?: boolean;
}

/** The ids of the endpoints whose replies may be cached (RouteOptions.cached), as registered. */
export const cachedEndpointIds = new Set<string>();

/**
 * Registers one contract endpoint: rate limit → session and organization (by the endpoint's access)
 * → input validation → handler → reply checked against the contract (outside production).
 * Curried so that the handler is checked against the endpoint's reply type:
 * `defineRoute(app, api.area.call)(async ({ body, actor }) => ({ status: 'OK', ... }))`.
 */
export function defineRoute<E extends Endpoint, A = never>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions<E, A> = {},
): (handler: (c: RouteContext<E, A>) => Promise<HandlerResult<E>>) => void {
  return (handler) => register(app, endpoint, options, handler);
}

function register<E extends Endpoint, A>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions<E, A>,
  handler: (c: RouteContext<E, A>) => Promise<HandlerResult<E>>,
): void {
  const url = `/api${endpoint.path}`;
  const readsOnly = options.readsOnly ?? !!options.cached;
  if (options.cached) cachedEndpointIds.add(endpoint.id);
  const keyOfInput = typeof options.cached === 'function' ? options.cached : undefined;
  app.route({
    method: endpoint.method,
    url,
    config: { readsOnly },
    handler: async (req, reply) => {
      const ctx = app.ctx;
      if (options.rateLimit) await hitRateLimit(ctx.db, ctx.clock, options.rateLimit, req.ip);
      const parse = (): Input<E> => ({
        params: parseInput(endpoint.params, req.params, 'params') as Parsed<E['params']>,
        query: parseInput(endpoint.query, req.query, 'query') as Parsed<E['query']>,
        body: parseInput(endpoint.body, req.body, 'body') as Parsed<E['body']>,
      });
      // A route that reads along its session, or keys its cached replies by its input, needs its input
      // first; a bad input is still answered after the session's own errors, as for every other route.
      let input: Input<E> | undefined;
      let badInput: unknown;
      if (options.along || keyOfInput) {
        try {
          input = parse();
        } catch (err) {
          badInput = err;
        }
      }
      const reads = input && options.along?.(input, ctx.clock.now());
      const inputKey = keyOfInput ? input && keyOfInput(input) : '';
      const cache = options.cached && inputKey !== undefined && ctx.replies.enabled ? ctx.replies : undefined;
      const slot =
        cache && badInput === undefined
          ? cacheSlot(endpoint.id, req, reads, inputKey ?? '', cache.mark())
          : undefined;
      if (slot && !wantsFresh(req)) {
        const hit = await cache?.getOrAwait(
          slot.key,
          () => ctx.clock.now().getTime(),
          (failure) => infrastructureError(failure) !== null,
        );
        if (hit) {
          void reply.type(hit.type);
          return hit.body;
        }
      }
      const answer = async () => {
        // A call that only reads takes the caller this process kept for its session (http/kept-actors.ts).
        const resolved =
          readsOnly && endpoint.access === 'organization' && reads === undefined
            ? { actor: await resolveReader(ctx.db, ctx.clock, req, ctx.actors), along: null }
            : await resolveActorAlong(ctx.db, ctx.clock, req, endpoint.access, reads);
        if (badInput !== undefined) throw badInput;
        const actor = resolved.actor as ActorFor<E['access']>;
        const along = resolved.along;
        const { params, query, body } = input ?? parse();
        const result = await handler({ params, query, body, actor, along, ctx, req, reply });
        const serialized = result instanceof PreSerializedReply ? result.json : null;
        if (ctx.config.validateReplies) {
          const checked = endpoint.reply.safeParse(serialized === null ? result : JSON.parse(serialized));
          if (!checked.success) {
            req.log.error(
              { endpoint: endpoint.id, issues: checked.error.issues },
              'reply does not match the contract',
            );
            throw new Error(`Reply of ${endpoint.id} does not match the contract`);
          }
        }
        const tags = slot ? cacheTags(resolved.actor, slot.sessionTag) : null;
        if (slot && tags) {
          const body = serialized ?? JSON.stringify(result);
          cache?.set(slot.key, { body, type: JSON_TYPE }, tags, slot.mark, ctx.clock.now().getTime());
          void reply.type(JSON_TYPE);
          return body;
        }
        if (serialized !== null) {
          void reply.type(JSON_TYPE);
          return serialized;
        }
        return result;
      };
      // Later misses of the same key wait for this read (ReplyCache.getOrAwait).
      return slot && cache ? cache.flight(slot.key, answer) : answer();
    },
  });
}
