import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * What the health check says of the database (issue 31 item 10): `up`; `busy` when the database answers its
 * probe but the app's pool has no free connection (or the in-process PGlite is still working on something
 * else); `down` only when the probe cannot reach the database at all.
 */
export type DatabaseHealth = 'up' | 'busy' | 'down';

export interface HealthProbe {
  probe(): Promise<DatabaseHealth>;
  close(): Promise<void>;
}

/** A probe statement longer than this is cancelled by PostgreSQL (the server is overloaded: busy). */
export const PROBE_STATEMENT_TIMEOUT_MS = 1_000;
/** Connecting the probe's own connection, and waiting for any answer on it: past this, it is down. */
const PROBE_CONNECT_TIMEOUT_MS = 2_500;
const PROBE_QUERY_TIMEOUT_MS = 2_500;
/** PGlite runs one statement at a time: one that waits longer than this is queued behind other work. */
const PGLITE_PROBE_WAIT_MS = 2_000;
/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = '57014';

const probes = new WeakMap<Db, HealthProbe>();

/** openDatabase() registers how the health check probes its database. */
export function registerHealthProbe(db: Db, probe: HealthProbe): void {
  probes.set(db, probe);
}

export function healthProbeOf(db: Db): HealthProbe | undefined {
  return probes.get(db);
}

/** Concurrent health calls (a load balancer, several of them) share one probe in flight. */
function singleFlight(run: () => Promise<DatabaseHealth>): () => Promise<DatabaseHealth> {
  let inFlight: Promise<DatabaseHealth> | undefined;
  return () => {
    inFlight ??= run().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/**
 * PostgreSQL: a dedicated connection outside the app's pool, so a saturated pool cannot starve the health
 * check, with a short statement time-out. It is opened on the first probe and opened again after any error.
 * The probe answering while the pool has no idle connection (or callers wait for one) is `busy`, not `down`.
 */
export function postgresHealthProbe(url: string, pool: pg.Pool, poolSize: number): HealthProbe {
  let client: pg.Client | undefined;
  let closed = false;

  const discard = (c: pg.Client) => {
    if (client === c) client = undefined;
    c.end().catch(() => undefined);
  };

  async function connection(): Promise<pg.Client> {
    if (client) return client;
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: PROBE_CONNECT_TIMEOUT_MS,
      query_timeout: PROBE_QUERY_TIMEOUT_MS,
      statement_timeout: PROBE_STATEMENT_TIMEOUT_MS,
      application_name: 'sinetti-health',
      keepAlive: true,
    });
    // A dropped connection emits 'error' (an uncaught exception without a listener): forget it, reconnect later.
    c.on('error', () => discard(c));
    c.on('end', () => {
      if (client === c) client = undefined;
    });
    try {
      await c.connect();
    } catch (err) {
      discard(c);
      throw err;
    }
    if (closed) {
      discard(c);
      throw new Error('The database is closed.');
    }
    client = c;
    return c;
  }

  const saturated = () => pool.waitingCount > 0 || (pool.totalCount >= poolSize && pool.idleCount === 0);

  return {
    probe: singleFlight(async () => {
      if (closed) return 'down';
      let c: pg.Client | undefined;
      try {
        c = await connection();
        await c.query('select 1');
      } catch (err) {
        // PostgreSQL answered, only too slowly: it is there, and busy.
        if ((err as { code?: unknown }).code === QUERY_CANCELED) return 'busy';
        if (c) discard(c);
        return 'down';
      }
      return saturated() ? 'busy' : 'up';
    }),
    close: async () => {
      closed = true;
      if (client) await client.end().catch(() => undefined);
      client = undefined;
    },
  };
}

/**
 * PGlite runs inside the process with one connection: the probe runs on the same instance. An error is
 * `down`; a probe still queued behind other statements after a short wait is `busy`.
 */
export function pgliteHealthProbe(instance: PGlite): HealthProbe {
  return {
    probe: singleFlight(async () => {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'busy'>((resolve) => {
        timer = setTimeout(() => resolve('busy'), PGLITE_PROBE_WAIT_MS);
      });
      const answered = instance.query('select 1').then(
        () => 'up' as const,
        () => 'down' as const,
      );
      return Promise.race([answered, waited]).finally(() => clearTimeout(timer));
    }),
    close: async () => undefined,
  };
}
