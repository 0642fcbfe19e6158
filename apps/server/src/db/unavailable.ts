/** Socket errors of a database server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL states that mean "the server cannot serve now" rather than "this statement is wrong": class 08
 * (connection exception), 57P01–57P03 (shutting down, crashed, starting up), 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/** node-postgres reports lost or impossible connections with these messages (no code). */
const PG_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when `err` (or an error it wraps: Drizzle puts the driver's error in `cause`) says the database
 * could not be reached, as opposed to a query that failed on its own. Such failures answer 503 and make
 * the jobs worker wait and retry instead of counting a failed attempt.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
    if (typeof message === 'string' && PG_MESSAGES.some((m) => message.includes(m))) return true;
    e = cause;
  }
  return false;
}

/** pg-pool's error when no pooled connection was free within connectionTimeoutMillis. */
const POOL_WAIT_MESSAGE = 'timeout exceeded when trying to connect';

/**
 * True when `err` (or an error it wraps) says the database is there but saturated: the pool had no free
 * connection within its wait, or PostgreSQL cancelled the statement (57014: its statement time-out, or the
 * caller went away). Answered 503 DATABASE_BUSY with a short Retry-After (issue #32 item 3).
 */
export function isDatabaseBusy(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === '57014') return true;
    if (typeof message === 'string' && message.includes(POOL_WAIT_MESSAGE)) return true;
    e = cause;
  }
  return false;
}
