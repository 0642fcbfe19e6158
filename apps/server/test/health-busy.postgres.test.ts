import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from './db.ts';
import { buildTestApp, errorOf, type TestApp } from './helper.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/**
 * Health says "busy", not "down", when PostgreSQL answers but the app's pool is saturated (issue 31 item 10:
 * 84 of 539 health calls answered 503 under load while PostgreSQL served other queries). The app's pool and
 * the health probe's own connection both go through a TCP proxy the test can cut. Runs only with
 * TEST_DB=postgres (openTestDatabase opens a pool of 5 connections).
 */
const POOL_SIZE = 5;
let proxy: TcpProxy;
let t: TestApp;
beforeAll(async () => {
  const target = new URL(process.env.TEST_DATABASE_URL ?? '');
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const database = await openTestDatabase('memory://', { port: proxy.port });
  t = await buildTestApp({}, { database });
});
afterAll(async () => {
  proxy.restore();
  await t.close();
  await proxy.close();
});

const health = () => t.call(null, { method: 'GET', url: '/api/health' });

/** Takes every pooled connection in an open transaction until `release()`. */
async function holdThePool(): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let holding = 0;
  const transactions = Array.from({ length: POOL_SIZE }, () =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_backend_pid()`);
      holding++;
      await gate;
    }),
  );
  await vi.waitFor(() => expect(holding).toBe(POOL_SIZE), { timeout: 60_000 });
  return {
    release: async () => {
      release();
      await Promise.all(transactions);
    },
  };
}

describe('GET /api/health on PostgreSQL', () => {
  it('answers 200 busy while every pooled connection is held, and up again once they are free', async () => {
    expect((await health()).json()).toMatchObject({ status: 'OK', database: 'up' });

    const pool = await holdThePool();
    // One more query waits for a pooled connection: the pool is saturated and has a queue.
    const queued = t.database.db.execute(sql`select 1`);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await health();
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'OK', database: 'busy', storage: 'writable' });
      }
      // Many health calls at once all answer (they share the probe's own connection).
      const many = await Promise.all(Array.from({ length: 30 }, () => health()));
      expect(many.map((r) => r.statusCode)).toEqual(many.map(() => 200));
      expect(new Set(many.map((r) => r.json().database))).toEqual(new Set(['busy']));
    } finally {
      await pool.release();
      await queued;
    }
    expect((await health()).json()).toMatchObject({ status: 'OK', database: 'up' });
  });

  it('answers 503 down when its own probe cannot reach PostgreSQL, and up once it can again', async () => {
    expect((await health()).statusCode).toBe(200);
    proxy.cut();
    try {
      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(errorOf(down)).toMatchObject({
        code: 'UNAVAILABLE',
        reason: 'DATABASE_UNAVAILABLE',
        details: { database: 'down', storage: 'writable' },
      });
      // Still down on the next call: the probe tries a new connection, which the cut refuses.
      expect((await health()).statusCode).toBe(503);
    } finally {
      proxy.restore();
    }
    // The probe connects again by itself.
    await vi.waitFor(
      async () => expect((await health()).json()).toMatchObject({ status: 'OK', database: 'up' }),
      { timeout: 60_000, interval: 200 },
    );
  });
});
