import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documents } from '../src/db/schema/index.ts';
import { openTestDatabase } from './db.ts';
import { buildTestApp, errorOf, type TestApp, type TestUser } from './helper.ts';
import { makePdf } from './fixtures/files.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/**
 * A PostgreSQL outage (issue 10 item 10): the app's pool goes through a TCP proxy that the test cuts and
 * restores. Runs only with TEST_DB=postgres (see vitest.config.ts): the embedded PGlite runs inside the
 * process and has no outage to simulate. An uncaught exception or unhandled rejection fails the run.
 */
let proxy: TcpProxy;
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  const target = new URL(process.env.TEST_DATABASE_URL ?? '');
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const database = await openTestDatabase('memory://', { port: proxy.port });
  t = await buildTestApp({ JOBS_WORKER: 'true', JOBS_POLL_MS: '100' }, { database });
  user = await t.signUp();
});
afterAll(async () => {
  proxy.restore();
  await t.close();
  await proxy.close();
});

const health = () => t.call(null, { method: 'GET', url: '/api/health' });
const listDocuments = () => t.call(user, { method: 'GET', url: '/api/documents/list' });

describe('while PostgreSQL is unreachable', () => {
  it('answers 503 DATABASE_UNAVAILABLE, keeps running, and recovers by itself', async () => {
    expect((await health()).statusCode).toBe(200);
    expect((await listDocuments()).statusCode).toBe(200);

    proxy.cut();
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(errorOf(down)).toMatchObject({
      code: 'UNAVAILABLE',
      reason: 'DATABASE_UNAVAILABLE',
      details: { database: 'down', storage: 'writable' },
    });
    for (let i = 0; i < 3; i++) {
      const res = await listDocuments();
      expect(res.statusCode).toBe(503);
      expect(errorOf(res)).toMatchObject({ code: 'UNAVAILABLE', reason: 'DATABASE_UNAVAILABLE' });
      expect(res.headers['retry-after']).toBe('5');
      const upload = new FormData();
      upload.append('file', new Blob([new Uint8Array(makePdf('during'))]), 'during.pdf');
      const up = await t.call(user, {
        method: 'POST',
        url: '/api/documents/upload/contract',
        payload: upload as never,
      });
      expect(up.statusCode).toBe(503);
    }
    // Let the jobs worker poll the unreachable database a few times.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    proxy.restore();
    await vi.waitFor(async () => expect((await health()).statusCode).toBe(200), { timeout: 120_000 });
    expect((await listDocuments()).statusCode).toBe(200);

    // The jobs worker is back at work: an upload's text extraction runs without anyone draining.
    const form = new FormData();
    form.append('name', 'After');
    form.append('file', new Blob([new Uint8Array(makePdf('after the outage'))]), 'after.pdf');
    const res = await t.call(user, {
      method: 'POST',
      url: '/api/documents/upload/contract',
      payload: form as never,
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().document.id as string;
    await vi.waitFor(
      async () => {
        const [row] = await t.database.db.select().from(documents).where(eq(documents.id, id));
        expect(row?.contentText).toContain('after the outage');
      },
      { timeout: 120_000, interval: 200 },
    );
  });
});
