import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { hitRateLimit, type RateLimit } from './rate-limit.ts';

/** Seconds a caller refused for too many calls under way is told to wait (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Calls under way per client address and in all, in this process. `enter` gives the release to call when the
 * call has ended, or null when the address or everyone is at the cap.
 */
export class InFlight {
  private readonly byAddress = new Map<string, number>();
  private all = 0;

  constructor(
    readonly perAddress: number,
    readonly total: number,
  ) {}

  enter(address: string): (() => void) | null {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.perAddress || this.all >= this.total) return null;
    this.byAddress.set(address, mine + 1);
    this.all++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.all--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
  }

  /** Calls under way (for tests and the benchmark). */
  get size(): number {
    return this.all;
  }

  /** Everyone together is at the cap: any address would be refused now. */
  get full(): boolean {
    return this.all >= this.total;
  }
}

export interface AnonymousGateOptions {
  method: 'POST';
  /** The route's URL, e.g. `/api/verify` (the hook is registered on its scope and checks only this route). */
  url: string;
  rateLimit: RateLimit;
  inFlight: InFlight;
  /** Media types the body may have (without parameters); anything else is refused before it is read. */
  types: readonly string[];
  notAccepted: () => AppError;
  /** The largest body; a larger declared Content-Length is refused before the body is read. */
  maxBytes: () => number;
  tooLarge: (maxBytes: number) => AppError;
  /** Called once the call has ended (answered or abandoned), after the address's slot is released. */
  onEnd?: (req: FastifyRequest) => void;
}

export const busy = (): AppError =>
  new AppError('RATE_LIMITED', 'Too many checks are under way. Try again shortly.', undefined, {
    'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
  }).because('VERIFY_BUSY', { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });

/**
 * After a refusal the connection is closed as soon as the answer has been handed to the network, without
 * reading the rest of the body first (node's server would otherwise read, and drop, what the client keeps
 * sending until the close is done: under a flood, hundreds of KiB per refused post to allocate and collect).
 */
function closeWhenAnswered(socket: IncomingMessage['socket'] | null | undefined, res: ServerResponse): void {
  // An injected request (tests) has no real socket to close.
  if (!socket || typeof socket.destroy !== 'function') return;
  socket.pause();
  res.once('finish', () => socket.destroy());
}

/** A refusal answered before fastify sees the request: a route, and what makes it refuse. */
interface EarlyRoute {
  method: string;
  /** The route's path, without a trailing slash. */
  path: string;
  inFlight: InFlight;
}

/** The busy refusal's reply, made once: the same status, headers and body as the error handler sends. */
const BUSY_BODY = Buffer.from(
  JSON.stringify({
    status: 'ERROR',
    code: 'RATE_LIMITED',
    reason: 'VERIFY_BUSY',
    details: { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
    message: busy().message,
  }),
);
const BUSY_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(BUSY_BODY.length),
  'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  connection: 'close',
};

const EARLY_ROUTES = Symbol('sinetti.anonymousEarlyRoutes');
type EarlyServer = Server & { [EARLY_ROUTES]?: EarlyRoute[] };

/** Refused posts answered early since the last summary line (logged at most once a minute, never per post). */
let earlyRefusals = 0;
let lastSummary = 0;

/**
 * How long a post refused because every slot is taken waits for its answer, and how many may wait at once
 * (past that they are answered at once). A client that posts again as soon as it is refused (a flood from
 * ever new addresses does) is thereby slowed to one refusal a second per connection, instead of as many as
 * the event loop can answer: the refusals' cost is bounded by the waiting connections, not by how fast
 * a flood can post. A waiting post's socket is not read; a client told to wait 5 s (Retry-After) loses
 * nothing by hearing it a second later.
 */
export const EARLY_REFUSAL_HOLD_MS = 1000;
export const EARLY_REFUSALS_HELD = 64;
let held = 0;

function answerBusy(res: ServerResponse): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(429, BUSY_HEADERS);
  res.end(BUSY_BODY);
}

function earlyRefusal(req: IncomingMessage, res: ServerResponse, routes: EarlyRoute[]): boolean {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const route = routes.find((r) => r.path === path && r.method === req.method);
  if (!route || !route.inFlight.full) return false;
  closeWhenAnswered(req.socket, res);
  earlyRefusals++;
  if (held >= EARLY_REFUSALS_HELD) {
    answerBusy(res);
    return true;
  }
  held++;
  const timer = setTimeout(() => {
    held--;
    answerBusy(res);
  }, EARLY_REFUSAL_HOLD_MS);
  timer.unref();
  return true;
}

/**
 * When every anonymous slot of a route is taken, a post to it is refused as soon as its headers have been
 * parsed, before fastify builds its request, reply, logger and security headers for it: under a flood of
 * posts from ever new addresses nearly every post is such a refusal, and this keeps each one to a few
 * objects and one small write on the event loop that also serves every organization's calls. Only the
 * in-memory cap of everyone together is checked here (it needs no client address); the hook below checks
 * everything else, and everything again for a request that did not come through a socket (inject).
 */
function refuseEarly(scope: FastifyInstance, route: EarlyRoute): void {
  const server = scope.server as EarlyServer | undefined;
  if (!server || typeof server.listeners !== 'function') return;
  let routes = server[EARLY_ROUTES];
  if (!routes) {
    routes = [];
    server[EARLY_ROUTES] = routes;
    const own = routes;
    // Fastify's handler (and any other) runs only for a request not refused here.
    const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (earlyRefusal(req, res, own)) {
        const now = Date.now();
        if (now - lastSummary >= 60_000) {
          lastSummary = now;
          scope.log.warn({ refused: earlyRefusals }, 'anonymous calls refused: every slot is taken');
          earlyRefusals = 0;
        }
        return;
      }
      for (const handler of handlers) handler.call(server, req, res);
    });
  }
  routes.push(route);
}

function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Admission of an anonymous call that carries a body, decided from its headers before any of the body is
 * read: the calls under way (per address and in all), the address's rate limit (admitted calls count), the
 * media type and the declared size. A refusal is answered at once with `Connection: close` (as fastify does for a body it
 * refuses), so the rest of the body is neither read into memory nor waited for.
 */
export function anonymousGate(scope: FastifyInstance, options: AnonymousGateOptions): void {
  refuseEarly(scope, {
    method: options.method,
    path: options.url.replace(/\/$/, ''),
    inFlight: options.inFlight,
  });
  scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== options.method || req.routeOptions.url !== options.url) return;
    try {
      // The in-memory cap first: a refusal by it costs no database write, which matters under a flood.
      const release = options.inFlight.enter(req.ip);
      if (!release) throw busy();
      reply.raw.once('close', () => {
        release();
        options.onEnd?.(req);
      });
      await hitRateLimit(scope.ctx.db, scope.ctx.clock, options.rateLimit, req.ip);
      if (!options.types.includes(mediaType(req))) throw options.notAccepted();
      const limit = options.maxBytes();
      if (Number(req.headers['content-length'] ?? 0) > limit) throw options.tooLarge(limit);
    } catch (err) {
      void reply.header('connection', 'close');
      closeWhenAnswered(req.raw.socket, reply.raw);
      throw err;
    }
  });
}
