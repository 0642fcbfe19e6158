import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_REFUSAL_HOLD_MS } from '../src/http/anonymous-gate.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { eventually, filesStarting, openPost, parse } from './verify-budget-http.ts';

/**
 * A flood of anonymous checks while every slot is taken (issue #30 item 6): each post is refused from its
 * headers before fastify sees it, answered after a hold that slows a client posting again at once, and
 * its connection closed without the rest of its body read.
 */
let t: TestApp;
let port: number;
const sockets: Socket[] = [];
const MiB = 1024 * 1024;
const pdfHeaders = { 'content-type': 'application/pdf' };

beforeAll(async () => {
  t = await buildTestApp({ VERIFY_CONCURRENCY: '1', VERIFY_CONCURRENCY_PER_ADDRESS: '1' });
  t.app.server.on('connection', (s: Socket) => sockets.push(s));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

const tmpFiles = () => filesStarting(t.config.anonymous.tmpDir, 'verify-');

describe('POST /api/verify with every slot taken', () => {
  it('refuses before fastify, after the hold, without reading the body; inject is refused by the hook', async () => {
    // One refusal waits for EARLY_REFUSAL_HOLD_MS; the rest is quick, the test's deadline is for a busy machine.
    const slow = openPost(port, '/api/verify', pdfHeaders, '%PDF-1.7\n% slow\n');
    await eventually(async () => (await tmpFiles()).length === 1, 'the only slot taken');

    const started = Date.now();
    const before = sockets.length;
    const refused = openPost(
      port,
      '/api/verify/',
      { ...pdfHeaders, 'content-length': String(16 * MiB) },
      '%PDF-',
    );
    // The client keeps sending; the server does not read it (the kernel's buffers fill, then the client waits).
    const junk = Buffer.alloc(MiB, 0x20);
    for (let i = 0; i < 8; i++) void refused.write(junk);
    const reply = await refused.reply;
    expect(reply.status).toBe(429);
    expect(reply.headers['retry-after']).toBe('5');
    expect(reply.headers.connection).toBe('close');
    expect(parse(reply)).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'VERIFY_BUSY',
      details: { retryAfterSeconds: 5 },
    });
    // Answered before fastify saw the request: none of its hooks ran (they add a request id to every reply).
    expect(reply.headers['x-request-id']).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(EARLY_REFUSAL_HOLD_MS - 50);
    const socket = sockets[before]!;
    await eventually(async () => socket.destroyed, 'the refused connection closed');
    // The headers and what came with them in the first reads, not the 8 MiB sent after them.
    expect(socket.bytesRead).toBeLessThan(512 * 1024);

    // Without a socket (inject) the same refusal comes from the hook.
    const injected = await t.app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: pdfHeaders,
      payload: Buffer.from('%PDF-1.7\n'),
    });
    expect(injected.statusCode).toBe(429);
    expect(injected.json()).toMatchObject({ reason: 'VERIFY_BUSY' });

    // Once the slot is free, a post reaches the route again (an empty body: 400 from the handler).
    slow.abort();
    await eventually(async () => (await tmpFiles()).length === 0, 'the slot freed');
    await eventually(async () => {
      const again = openPost(port, '/api/verify', pdfHeaders);
      again.end();
      const r = await again.reply;
      return r.status === 400 && typeof r.headers['x-request-id'] === 'string';
    }, 'a post admitted again');
  });
});
