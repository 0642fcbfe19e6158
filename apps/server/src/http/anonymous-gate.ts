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
      throw err;
    }
  });
}
