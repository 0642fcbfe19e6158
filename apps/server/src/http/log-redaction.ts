import { api } from '@sinetti/contract';
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Path parameters of the contract that carry a secret: a signing, share or invite link's token, a signing session. */
const SECRET_PARAMS = new Set(['token', 'sessionToken']);

/**
 * Every API path of the contract up to a secret parameter, which must be its first: `/api/signing/start/`.
 * Derived, so that a new endpoint with a link token is redacted without anyone remembering to list it.
 */
export const SECRET_API_PREFIXES: readonly string[] = Object.values(api)
  .flatMap((area) => Object.values(area) as { path: string }[])
  .flatMap(({ path }) => {
    const first = /^([^:]*):(\w+)/.exec(path);
    return first?.[1] && SECRET_PARAMS.has(first[2] ?? '') ? [`/api${first[1]}`] : [];
  });

/**
 * Paths whose next segment is a secret: the contract's (above); the web pages of signing links, signing
 * sessions and share links; the development mailbox's messages (they hold signing links and codes); and the
 * built-in identity provider's interactions. Longer prefixes first.
 */
const SECRET_SEGMENT_AFTER = [
  ...SECRET_API_PREFIXES,
  '/public/sign/',
  '/public/signed/',
  '/public/session/',
  '/public/share/',
  '/dev/mail/',
  '/idp/interaction/',
  '/idp/auth/',
  '/idp/session/end/confirm/',
].sort((a, b) => b.length - a.length);

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

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A secret path segment anywhere in a text (a URL inside a message or a stack trace). */
const SECRET_SEGMENT_IN_TEXT = new RegExp(
  `(${SECRET_SEGMENT_AFTER.map(escapeRegExp).join('|')})[^/?#\\s"'<>]+`,
  'g',
);
const SECRET_QUERY_IN_TEXT = new RegExp(`([?&](?:${SECRET_QUERY.source})[^=&#\\s]*=)[^&#\\s"'<>]+`, 'gi');
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
const CREDENTIAL = /\b(bearer|basic|session-id|cookie|authorization)(["']?\s*[:=]?\s*)[^\s,;"']+/gi;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Long opaque runs (tokens, keys); ids (UUIDs) stay, they name objects, not people. */
const OPAQUE = /[A-Za-z0-9_-]{24,}/g;
/** A Finnish personal identity code, then any run of six or more digits (phone, card, account numbers). */
const PERSONAL_CODE = /\b\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]\b/g;
const LONG_NUMBER = /\d{6,}/g;

/**
 * Free text from a client (an error message, a stack trace, a page path) with every secret and piece
 * of personal data we can recognise replaced: secret path segments and query values (as redactUrl),
 * credentials, e-mail addresses, long opaque tokens, personal identity codes and long numbers.
 */
export function redactText(text: string): string {
  return text
    .replace(SECRET_SEGMENT_IN_TEXT, `$1${REDACTED}`)
    .replace(SECRET_QUERY_IN_TEXT, `$1${REDACTED}`)
    .replace(CREDENTIAL, `$1$2${REDACTED}`)
    .replace(EMAIL, '[email]')
    .replace(OPAQUE, (run) => (UUID.test(run) ? run : REDACTED))
    .replace(PERSONAL_CODE, REDACTED)
    .replace(LONG_NUMBER, '[number]');
}
