import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDirectoryLock } from './lock.ts';
import { registerRowRunner } from './raw-rows.ts';
import { pgliteHealthProbe, postgresHealthProbe, registerHealthProbe } from './health-probe.ts';
import { cancelAbandonedQueries } from './abandon.ts';
import { DATABASE_DEFAULTS } from './config.ts';
import { pgliteChangeFeed, postgresChangeFeed, startOutboxDrain, type ChangeFeed } from './changes.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: commands accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Notifications of committed changes (db/changes.ts), for the reply cache. */
  changes: ChangeFeed;
  close(): Promise<void>;
}

/** Every value as PostgreSQL's text (raw statements decode what they read themselves). */
const RAW_TEXT = { getTypeParser: () => (value: string) => value };

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK_KEY = 727_001;
const CANCEL_CONNECT_TIMEOUT_MS = 2_500;

/**
 * The pool's size when none is configured (DATABASE_POOL_SIZE): twice the cores plus two, at least 4.
 * PostgreSQL runs one statement per connection on one core; past about two statements a core, more
 * connections only queue inside PostgreSQL (and share its cache) instead of in the pool, where a caller's
 * wait is bounded (issue #32 item 3; docs/operations.md "Database connections").
 */
export function defaultPoolSize(cores = os.availableParallelism()): number {
  return Math.max(4, cores * 2 + 2);
}

export interface OpenOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` (or undefined) for an in-memory database. */
  dataDir?: string | undefined;
  /** Connections of the pool (PostgreSQL); defaultPoolSize() when unset. */
  poolSize?: number | undefined;
  /** PostgreSQL's statement_timeout on the pool's connections, in ms; 0 switches it off. */
  statementTimeoutMs?: number | undefined;
  /** How long a query waits for a pooled connection before it fails (503 DATABASE_BUSY). */
  poolWaitMs?: number | undefined;
  /**
   * For an in-memory PGlite: a data directory to start from (PGlite's `dumpDataDir`) instead of an empty
   * one. The test suite starts each test file's database from one migrated copy, which skips PGlite's
   * initdb and the migrations (about 3 s a file); migrations still run, and do nothing on a current copy.
   */
  snapshot?: Blob | undefined;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    return openPostgres(opts.databaseUrl, {
      max: opts.poolSize ?? defaultPoolSize(),
      statementTimeoutMs: opts.statementTimeoutMs ?? DATABASE_DEFAULTS.statementTimeoutMs,
      poolWaitMs: opts.poolWaitMs ?? DATABASE_DEFAULTS.poolWaitMs,
    });
  }
  return openPglite(opts.dataDir, opts.snapshot);
}

interface PoolLimits {
  max: number;
  statementTimeoutMs: number;
  poolWaitMs: number;
}

/** The pool of a process's PostgreSQL connections (issue #32 item 3: docs/operations.md "Database connections"). */
export function poolConfig(url: string, { max, statementTimeoutMs, poolWaitMs }: PoolLimits): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    // The app's statements are short: no parallel workers (a parallel plan of a search cost ≈ 65 ms of
    // start-up for 0.1 ms of work at 1M documents, issue #32), no JIT (a search whose older-rows branch is
    // never run still has that branch's estimated cost, past jit_above_cost at 1M documents: 35 ms of
    // compiling for 0.5 ms of work), and a time-out so that a slow statement stops instead of holding its
    // connection while the callers behind it wait for the pool.
    options:
      '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0 -c jit=off' +
      ` -c statement_timeout=${Math.max(0, Math.round(statementTimeoutMs))}`,
    // While the server is unreachable or the pool is saturated, fail fast (503) instead of queueing forever.
    connectionTimeoutMillis: poolWaitMs,
    keepAlive: true,
    // Connections are kept once open (pg-pool closed one idle for 10 s): a new one cost its request about 35 ms
    // at 1M documents (11-13 ms to connect, then PostgreSQL's catalog caches filled by its first search: 24 ms
    // against 5.5 warm), and under a load that rises and falls the pool opened one every 20-30 s, each a
    // request far past the search's 25 ms (issue #32). At most `max` stay open, as they could anyway.
    idleTimeoutMillis: 0,
  };
}

async function openPostgres(url: string, limits: PoolLimits): Promise<Database> {
  const pool = new pg.Pool(poolConfig(url, limits));
  // A request whose caller has gone has its running statement cancelled (db/abandon.ts).
  cancelAbandonedQueries(pool, async (pid) => {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CANCEL_CONNECT_TIMEOUT_MS,
      application_name: 'sinetti-cancel',
    });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query('select pg_cancel_backend($1)', [pid]);
    } finally {
      await c.end().catch(() => undefined);
    }
  });
  // A connection that dies (server restart, network cut) emits 'error' on its client; without a listener
  // that is an uncaught exception that ends the process. The query that was using it fails with a
  // connection error instead (503), and the pool replaces the client.
  pool.on('error', () => {
    /* an idle client died: the pool drops it */
  });
  pool.on('connect', (client) => {
    client.on('error', () => {
      /* a checked-out client died: its current or next query fails and it is discarded on release */
    });
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  registerRowRunner(db, async (name, text, values, timeLimitMs) => {
    if (timeLimitMs === undefined) {
      const result = await pool.query({ name, text, values, rowMode: 'array', types: RAW_TEXT });
      return result.rows as unknown[][];
    }
    // Both statements in one simple-query message: the SET LOCAL lasts for its implicit transaction only.
    if (values.length > 0) throw new Error('A statement with its own time-out takes no parameters.');
    const results = (await pool.query({
      text: `set local statement_timeout = ${Math.trunc(timeLimitMs)}; ${text}`,
      rowMode: 'array',
      types: RAW_TEXT,
    })) as unknown as pg.QueryResult[];
    return (results.at(-1)?.rows ?? []) as unknown[][];
  });
  const lockClient = await pool.connect();
  try {
    // Several API processes may start at once: one migrates, the others wait. Migrations (index builds
    // on a large table) may take longer than a request's statement time-out: none on this connection.
    await lockClient.query('set statement_timeout = 0');
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockClient.query('reset statement_timeout').catch(() => undefined);
    lockClient.release();
  }
  // The change feed's listening connection relays the outbox (migration 0045); the pool only keeps it from
  // growing while no process listens.
  const stopRelay = startOutboxDrain(pool);
  // The health check's own connection, outside the pool (issue 31 item 10).
  const health = postgresHealthProbe(url, pool, limits.max);
  registerHealthProbe(db, health);
  return {
    db,
    kind: 'postgres',
    changes: postgresChangeFeed(url),
    close: async () => {
      await stopRelay();
      await health.close();
      await pool.end();
    },
  };
}

/** Contrib extensions that migrations create (`CREATE EXTENSION`); PGlite must load them on every open. */
const extensions = { pg_trgm };

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  const inMemory = dataDir === undefined || dataDir === 'memory://';
  let release = () => {};
  let client: PGlite;
  if (inMemory) {
    client = new PGlite({ extensions, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  } else {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    release = acquireDirectoryLock(dataDir);
    try {
      client = new PGlite(dir, { extensions });
    } catch (err) {
      release();
      throw err;
    }
  }
  await client.waitReady;
  // The one in-process connection: a notifying commit makes no other wait, so the change triggers notify at
  // once (migration 0045) instead of noting changes for a relay; PGlite's listeners hear them before the
  // writing statement returns.
  await client.exec("set sinetti.change_delivery = 'notify'");
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  registerRowRunner(db as unknown as Db, async (_name, text, values) => {
    const result = await client.query<unknown[]>(text, values, { rowMode: 'array' });
    return result.rows;
  });
  registerHealthProbe(db as unknown as Db, pgliteHealthProbe(client));
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    changes: pgliteChangeFeed(client),
    close: async () => {
      await client.close();
      release();
    },
  };
}
