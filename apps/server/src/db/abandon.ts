import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * The HTTP request whose work is running (issue #32 item 3): it is abandoned when the caller goes away
 * before its reply is sent. Queries started under it on PostgreSQL are cancelled then, instead of running on
 * (and holding a pooled connection) for a reply nobody reads.
 */
const current = new AsyncLocalStorage<RequestWork>();

/**
 * A request's work and what to do if its caller goes away. Plain callbacks rather than an AbortController:
 * every request makes one, and each of its queries subscribes and unsubscribes (an AbortSignal with its
 * EventTarget listeners was ≈ 3 % of an authenticated request's CPU, issue #32 item 5).
 *
 * Live until its reply is sent (`replySent`): what the request's code starts after that (fire-and-forget
 * work going on past the reply) still runs in its async context, but is no longer watched — the caller can
 * no longer go away "before the reply", so nothing of it is cancelled, refused or held by the request.
 */
export class RequestWork {
  private listeners: Set<() => void> | undefined;
  private gone = false;
  private done = false;

  /** The caller went away before the reply was sent: every subscriber is called once. */
  abandon(): void {
    if (this.gone || this.done) return;
    this.gone = true;
    const listeners = this.listeners;
    this.listeners = undefined;
    for (const listener of listeners ?? []) listener();
  }

  /**
   * The reply was sent: the request can no longer be abandoned, and its subscribers are dropped (the
   * connections they watch are not cancelled by a later close of the socket).
   */
  replySent(): void {
    if (this.gone) return;
    this.done = true;
    this.listeners = undefined;
  }

  get abandoned(): boolean {
    return this.gone;
  }

  /** Its reply was sent (before any abandon): the connections its work checks out are not watched. */
  get replied(): boolean {
    return this.done;
  }

  /** Calls `listener` when the request is abandoned (later, not if it already is or has replied); answers the undo. */
  onAbandon(listener: () => void): () => void {
    if (this.done) return () => undefined;
    (this.listeners ??= new Set()).add(listener);
    return () => this.listeners?.delete(listener);
  }
}

/**
 * Runs `fn` (and everything it starts) as no request's work: for background work a request only
 * triggers (the job worker woken by an enqueue), whose queries must not be cancelled, or held, when
 * that request ends or its caller goes away.
 */
export function outsideRequest<T>(fn: () => T): T {
  return current.exit(fn);
}

/** Runs `fn` (and everything it starts) as `work`. */
export function runForRequest<T>(work: RequestWork, fn: () => T): T {
  return current.run(work, fn);
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
 * statement when the request is abandoned: `cancel(pid)` asks PostgreSQL to cancel that backend's
 * statement (pg_cancel_backend on another connection). A connection used by an abandoned request is
 * closed on release rather than pooled, so that a late cancel can never hit the next caller's statement.
 */
export function cancelAbandonedQueries(pool: pg.Pool, cancel: (pid: number) => Promise<void>): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
  // The pool's own query() checks out with a callback: only the promise form (drizzle's transactions,
  // and query() below) is watched.
  (pool as { connect: unknown }).connect = (cb?: unknown) => {
    if (typeof cb === 'function') return connect(cb);
    const work = current.getStore();
    if (!work || work.replied) return connect();
    if (work.abandoned) return Promise.reject(new RequestAbandonedError());
    return (connect() as Promise<pg.PoolClient>).then((client) => watch(client, work, cancel));
  };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const work = current.getStore();
    if (!work || work.replied || args.some((a) => typeof a === 'function')) return query(...args);
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
  work: RequestWork,
  cancel: (pid: number) => Promise<void>,
): pg.PoolClient {
  let abandoned = work.abandoned;
  const pid = (client as unknown as { processID: number }).processID;
  const unsubscribe = work.onAbandon(() => {
    abandoned = true;
    cancel(pid).catch(() => undefined);
  });
  const release = client.release.bind(client);
  client.release = (destroy?: boolean | Error) => {
    unsubscribe();
    client.release = release;
    return release(abandoned ? true : destroy);
  };
  return client;
}
