import type { Endpoint } from '@sinetti/contract';
import type { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveActorAlong, type ActorFor, type AlongRead } from './actor.ts';
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
  app.route({
    method: endpoint.method,
    url,
    handler: async (req, reply) => {
      const ctx = app.ctx;
      if (options.rateLimit) await hitRateLimit(ctx.db, ctx.clock, options.rateLimit, req.ip);
      const parse = (): Input<E> => ({
        params: parseInput(endpoint.params, req.params, 'params') as Parsed<E['params']>,
        query: parseInput(endpoint.query, req.query, 'query') as Parsed<E['query']>,
        body: parseInput(endpoint.body, req.body, 'body') as Parsed<E['body']>,
      });
      // A route that reads along its session needs its input first; a bad input is still answered after
      // the session's own errors, as for every other route.
      let input: Input<E> | undefined;
      let badInput: unknown;
      if (options.along) {
        try {
          input = parse();
        } catch (err) {
          badInput = err;
        }
      }
      const reads = input && options.along?.(input, ctx.clock.now());
      const resolved = await resolveActorAlong(ctx.db, ctx.clock, req, endpoint.access, reads);
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
      if (serialized !== null) {
        void reply.type('application/json; charset=utf-8');
        return serialized;
      }
      return result;
    },
  });
}
