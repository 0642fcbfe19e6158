import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Paths whose next segment is a secret: signing links and signing sessions (web pages and their API
 * calls), organization invite links, the development mailbox's messages (they hold signing links and codes), and the built-in
 * identity provider's interactions. Longer prefixes first.
 */
const SECRET_SEGMENT_AFTER = [
  '/public/sign/',
  '/public/signed/',
  '/public/session/',
  '/api/signing/status/signee/',
  '/api/signing/start/',
  '/api/signing/download/certificate/',
  '/api/signing/download/',
  '/api/signing/session/',
  '/api/authentication/invite-link/',
  '/dev/mail/',
  '/idp/interaction/',
  '/idp/auth/',
  '/idp/session/end/confirm/',
];

/** Query parameters whose values are never logged: OIDC codes, state, nonces, tokens, keys, addresses, invites. */
const SECRET_QUERY =
  /code|state|nonce|token|secret|verifier|session|key|password|sig|ticket|to|email|invite/i;

/** The path and query of a request URL with every secret replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  const prefix = SECRET_SEGMENT_AFTER.find((p) => path.startsWith(p) && path.length > p.length);
  if (prefix) {
    const end = path.indexOf('/', prefix.length);
    path = `${prefix}${REDACTED}${end < 0 ? '' : path.slice(end)}`;
  }
  if (q < 0) return path;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_QUERY.test(name) ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${parts.join('&')}`;
}

/**
 * Fastify's request serializer with the URL redacted. Headers are not logged at all (the session-id,
 * cookies and authorization headers are also redacted by path, should a log line carry them).
 */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Log paths pino blanks wherever they appear. */
export const REDACT_PATHS = [
  'req.headers["session-id"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["session-id"]',
  'headers.cookie',
  'res.headers["set-cookie"]',
];
