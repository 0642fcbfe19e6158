import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDbKind } from './db.ts';
import { buildTestApp, type TestApp } from './helper.ts';

/**
 * Health answers 200 "busy", not 503, while every database connection the app has is taken (issue 31 item
 * 10). On PGlite that is the one embedded instance, held by an open transaction (the probe runs on the same
 * instance and waits behind it); on PostgreSQL the pool's 5 connections (the probe has its own). The outage
 * side (503 down) is in health-busy.postgres.test.ts and database-outage.postgres.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const health = () => t.call(null, { method: 'GET', url: '/api/health' });
const CONNECTIONS = testDbKind === 'pglite' ? 1 : 5;

describe(`GET /api/health while every connection is taken (${testDbKind})`, () => {
  it('answers 200 busy, and up once the work is done', async () => {
    expect((await health()).json()).toMatchObject({ status: 'OK', database: 'up' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    const transactions = Array.from({ length: CONNECTIONS }, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding++;
        await gate;
      }),
    );
    try {
      await vi.waitFor(() => expect(holding).toBe(CONNECTIONS), { timeout: 60_000 });
      const res = await health();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'OK', database: 'busy', storage: 'writable' });
    } finally {
      release();
      await Promise.all(transactions);
    }
    expect((await health()).json()).toMatchObject({ status: 'OK', database: 'up' });
  });
});
