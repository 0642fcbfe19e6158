import http from 'node:http';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { poolConfig } from '../src/db/client.ts';
import { rawTextRows } from '../src/db/raw-rows.ts';
import { openTestDatabase } from './db.ts';
import { buildTestApp, errorOf, type TestApp, type TestUser } from './helper.ts';

/**
 * No cascade of 503s (issue #32 item 3): a statement past the pool's statement time-out is cancelled by
 * PostgreSQL and the call answers 503 DATABASE_BUSY with Retry-After while the pool serves the next call;
 * a request whose caller goes away has its statement cancelled at once (not at the time-out). The slow
 * statement is a list of documents waiting behind a lock another connection holds on the table.
 * Runs only with TEST_DB=postgres.
 */
const STATEMENT_TIMEOUT_MS = 3_000;
let t: TestApp;
let owner: TestUser;
let locker: pg.Client;
let url: string;
beforeAll(async () => {
  const database = await openTestDatabase('memory://', { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
  t = await buildTestApp({}, { database });
  owner = await t.signUp();
  const rows = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const u = new URL(process.env.TEST_DATABASE_URL ?? '');
  u.pathname = `/${rows.rows[0]?.name ?? ''}`;
  url = u.toString();
  locker = new pg.Client({ connectionString: url });
  await locker.connect();
});
afterAll(async () => {
  await locker.end();
  await t.close();
});

const list = () => t.call(owner, { method: 'GET', url: '/api/documents/list' });

/** Holds an exclusive lock on documents (reads of it wait) until the returned function is called. */
async function lockDocuments(): Promise<() => Promise<void>> {
  await locker.query('begin');
  await locker.query('lock table documents in access exclusive mode');
  return async () => {
    await locker.query('rollback');
  };
}

/** The app's statements now waiting for the lock on documents. */
async function waiting(): Promise<number> {
  const r = await locker.query<{ n: string }>(
    `select count(*) as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

describe('statement time-out and abandoned requests (PostgreSQL)', () => {
  it('cancels a statement at the time-out with 503 DATABASE_BUSY and Retry-After; the next call is served', async () => {
    expect((await list()).statusCode).toBe(200);
    const unlock = await lockDocuments();
    let res;
    const started = Date.now();
    try {
      res = await list();
    } finally {
      await unlock();
    }
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toMatchObject({ code: 'UNAVAILABLE', reason: 'DATABASE_BUSY' });
    expect(res.headers['retry-after']).toBe('1');
    expect(took).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(STATEMENT_TIMEOUT_MS + 5_000);
    // Nothing is left waiting, and the pool serves the next calls.
    expect(await waiting()).toBe(0);
    const next = await Promise.all(Array.from({ length: 8 }, () => list()));
    expect(next.map((r) => r.statusCode)).toEqual(next.map(() => 200));
  });

  it("cancels an abandoned request's statement when its caller goes away, long before the time-out", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const unlock = await lockDocuments();
    try {
      const req = http.get({
        host: '127.0.0.1',
        port,
        path: '/api/documents/list',
        headers: {
          'application-id': 'Frontend',
          'session-id': owner.token,
          'company-id': owner.personalOrganizationId,
        },
      });
      req.on('error', () => undefined);
      // The request's statement waits for the lock...
      await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 5_000, interval: 25 });
      const gone = Date.now();
      req.destroy();
      // ...and is cancelled once its caller has gone, well within the statement time-out.
      await vi.waitFor(async () => expect(await waiting()).toBe(0), { timeout: 5_000, interval: 25 });
      expect(Date.now() - gone).toBeLessThan(STATEMENT_TIMEOUT_MS / 2);
    } finally {
      await unlock();
    }
    expect((await list()).statusCode).toBe(200);
  });

  it('runs a statement with a time limit of its own in one message, and the limit ends with it', async () => {
    const { db } = t.database;
    // Two seconds are within the pool's three: only the statement's own limit cancels it.
    await expect(rawTextRows(db, 'select pg_sleep(2)', 100)).rejects.toMatchObject({ code: '57014' });
    expect(await rawTextRows(db, 'select 1', 100)).toEqual([['1']]);
    // The pooled connection that ran them (the pool hands out the last one returned) keeps the pool's limit.
    expect(await rawTextRows(db, 'show statement_timeout')).toEqual([['3s']]);
  });

  it('keeps its connections open while they are idle, however long', async () => {
    // A new connection cost its request about 35 ms at 1M documents (connecting, then PostgreSQL's caches).
    const pool = new pg.Pool(poolConfig(url, { max: 3, statementTimeoutMs: 3_000, poolWaitMs: 5_000 }));
    try {
      const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      // The pool times idleness with setTimeout from each connection's release.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      for (const client of held) client.release();
      expect(pool.idleCount).toBe(3);
      vi.advanceTimersByTime(3_600_000);
      expect(pool.totalCount).toBe(3);
    } finally {
      vi.useRealTimers();
      await pool.end();
    }
  });
});
