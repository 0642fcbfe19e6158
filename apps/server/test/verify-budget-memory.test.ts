import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWorkers } from '../src/services/pdf/workers.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { makePdf } from './pdf-fixtures.ts';
import { filesStarting, openPost, parse, stream } from './verify-budget-http.ts';

/**
 * Concurrent large anonymous checks stay within a memory budget (issue #30 item 6; docs/configuration.md,
 * "Memory budget of anonymous work"). Byte budgets only: no timings are asserted.
 */
const MiB = 1024 * 1024;
const CALLS = 8;
const BODY = 16 * MiB;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({
    VERIFY_MAX_BYTES: String(24 * MiB),
    VERIFY_CONCURRENCY_PER_ADDRESS: String(CALLS),
    VERIFY_CONCURRENCY: String(CALLS),
    VERIFY_WORKERS: '1',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

describe('anonymous verification memory', () => {
  it(`holds ${CALLS} concurrent ${BODY / MiB} MiB posts to one file's worth of memory, not ${CALLS}`, async () => {
    // Warm: the anonymous worker loaded and one check done, so that what follows measures the bodies.
    pdfWorkers(t.config.anonymous.verify.pool).warm();
    const warm = await t.app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from(await makePdf(1)),
    });
    expect(warm.statusCode, warm.body).toBe(200);

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const posts = Array.from({ length: CALLS }, () =>
        openPost(port, '/api/verify', {
          'content-type': 'application/pdf',
          'content-length': String(BODY),
        }),
      );
      await Promise.all(posts.map((p) => stream(p, '%PDF-1.7\n', BODY)));
      const replies = await Promise.all(posts.map((p) => p.reply));
      // Each is a PDF header followed by blanks: read to its end and found damaged, none refused as busy.
      expect(replies.map((r) => r.status)).toEqual(Array(CALLS).fill(409));
      expect(replies.map((r) => parse(r).reason)).toEqual(Array(CALLS).fill('VERIFY_DAMAGED'));
    } finally {
      clearInterval(sampler);
    }
    const growth = peak - before;
    // Buffering the bodies needs CALLS × BODY = 128 MiB (the old parser twice that, with its concat). The
    // budget: one worker's copy of one file and its parse (2 × BODY), 1 MiB per upload in flight, and 40 MiB
    // for everything else the process does meanwhile, garbage not yet collected included: on a loaded machine
    // V8 collects later (16 MiB was exceeded in a CI run on PostgreSQL, 62 MiB in all, and 24 MiB beside
    // one). The budget stays well under what buffering every body takes (80 against 128 MiB).
    const budget = 2 * BODY + CALLS * MiB + 40 * MiB;
    expect(growth, `RSS grew by ${Math.round(growth / MiB)} MiB`).toBeLessThan(budget);
    expect(budget).toBeLessThan(CALLS * BODY);
    expect(await filesStarting(t.config.anonymous.tmpDir, 'verify-')).toEqual([]);
  });
});
