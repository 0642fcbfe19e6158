import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * The signal of the HTTP request whose work is running (issue #32 item 3): it aborts when the caller goes
 * away before its reply is sent. Queries started under it on PostgreSQL are cancelled then, instead of
 * running on (and holding a pooled connection) for a reply nobody reads.
 */
const current = new AsyncLocalStorage<RequestWork>();

/**
 * A request's work: its AbortController is made only when a query asks for the signal (most requests,
 * health among them, never do: an AbortController per request was ≈ 1 % of health's CPU).
 */
export class RequestWork {
  private controller: AbortController | undefined;
  private gone = false;

  /** The caller went away before the reply was sent. */
  abandon(): void {
    this.gone = true;
    this.controller?.abort();
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.gone) this.controller.abort();
    }
    return this.controller.signal;
  }
}

/** Runs `fn` (and everything it starts) as `work`. */
export function runForRequest<T>(work: RequestWork, fn: () => T): T {
  return current.run(work, fn);
}

export function requestSignal(): AbortSignal | undefined {
  return current.getStore()?.signal;
}

/** PostgreSQL's query_canceled: a statement time-out, or a cancel of an abandoned request's query. */
export const QUERY_CANCELED = '57014';

/** Thrown instead of checking out a connection for a request whose caller has already gone. */
export class RequestAbandonedError extends Error {
  readonly code = QUERY_CANCELED;
  constructor() {
    super('The caller went away; the query was not run.');
  }
}

/**
 * Makes every connection a request checks out of `pool` (its queries, and transactions) cancel its running
 * statement when the request's signal aborts: `cancel(pid)` asks PostgreSQL to cancel that backend's
 * statement (pg_cancel_backend on another connection). A connection used by an abandoned request is
 * closed on release rather than pooled, so that a late cancel can never hit the next caller's statement.
 */
export function cancelAbandonedQueries(pool: pg.Pool, cancel: (pid: number) => Promise<void>): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
  // The pool's own query() checks out with a callback: only the promise form (drizzle's transactions,
  // and query() below) is watched.
  (pool as { connect: unknown }).connect = (cb?: unknown) => {
    if (typeof cb === 'function') return connect(cb);
    const signal = requestSignal();
    if (!signal) return connect();
    if (signal.aborted) return Promise.reject(new RequestAbandonedError());
    return (connect() as Promise<pg.PoolClient>).then((client) => watch(client, signal, cancel));
  };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    if (!requestSignal() || args.some((a) => typeof a === 'function')) return query(...args);
    return (async () => {
      const client = await pool.connect();
      try {
        return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        client.release();
      }
    })();
  };
}

function watch(
  client: pg.PoolClient,
  signal: AbortSignal,
  cancel: (pid: number) => Promise<void>,
): pg.PoolClient {
  let abandoned = false;
  const pid = (client as unknown as { processID: number }).processID;
  const onAbort = () => {
    abandoned = true;
    cancel(pid).catch(() => undefined);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  const release = client.release.bind(client);
  client.release = (destroy?: boolean | Error) => {
    signal.removeEventListener('abort', onAbort);
    client.release = release;
    return release(abandoned ? true : destroy);
  };
  return client;
}
