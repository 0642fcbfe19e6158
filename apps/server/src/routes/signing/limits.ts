import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../../commands/signing/common.ts';
import type { RateLimit } from '../../http/rate-limit.ts';

/** Rate limits of the public signing calls, per client address (shared by every API process). */
export const SIGNING_LIMITS = {
  /** Every public signing call. */
  public: { name: 'signing-public', max: 120, windowMs: 60_000 },
  /** Asking for e-mailed codes. */
  code: { name: 'signing-code', max: 10, windowMs: 10 * 60_000 },
  /** Entering codes (each session also allows only 5 tries per code). */
  verify: { name: 'signing-verify', max: 30, windowMs: 10 * 60_000 },
  /** Round trips to an eID provider or QTSP (each also costs the provider a request). */
  provider: { name: 'signing-provider', max: 30, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateLimit>;

export function clientOf(req: FastifyRequest): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof ua === 'string' && ua.trim() !== '' ? ua.trim() : null };
}
