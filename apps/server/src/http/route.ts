import type { Endpoint } from '@sinetti/contract';
import type { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveActorAlong, type ActorFor, type AlongSession } from './actor.ts';
import type { AppContext } from './context.ts';
import { PreSerializedReply } from './json-text.ts';
import { hitRateLimit, type RateLimit } from './rate-limit.ts';
import { parseInput } from './validation.ts';

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

export interface RouteOptions<A = never> {
  /** Rate limit per client address. */
  rateLimit?: RateLimit;
  /** Read in the session's own statement (organization access only): see AlongSession. */
  along?: AlongSession<A>;
}

/**
 * Registers one contract endpoint: rate limit → session and organization (by the endpoint's access)
 * → input validation → handler → reply checked against the contract (outside production).
 * Curried so that the handler is checked against the endpoint's reply type:
 * `defineRoute(app, api.area.call)(async ({ body, actor }) => ({ status: 'OK', ... }))`.
 */
export function defineRoute<E extends Endpoint, A = never>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions<A> = {},
): (handler: (c: RouteContext<E, A>) => Promise<HandlerResult<E>>) => void {
  return (handler) => register(app, endpoint, options, handler);
}

function register<E extends Endpoint, A>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions<A>,
  handler: (c: RouteContext<E, A>) => Promise<HandlerResult<E>>,
): void {
  const url = `/api${endpoint.path}`;
  app.route({
    method: endpoint.method,
    url,
    handler: async (req, reply) => {
      const ctx = app.ctx;
      if (options.rateLimit) await hitRateLimit(ctx.db, ctx.clock, options.rateLimit, req.ip);
      const resolved = await resolveActorAlong(ctx.db, ctx.clock, req, endpoint.access, options.along);
      const actor = resolved.actor as ActorFor<E['access']>;
      const along = resolved.along;
      const params = parseInput(endpoint.params, req.params, 'params') as Parsed<E['params']>;
      const query = parseInput(endpoint.query, req.query, 'query') as Parsed<E['query']>;
      const body = parseInput(endpoint.body, req.body, 'body') as Parsed<E['body']>;
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
      if (serialized !== null) {
        void reply.type('application/json; charset=utf-8');
        return serialized;
      }
      return result;
    },
  });
}
