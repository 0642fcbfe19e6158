import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { redactText } from '../src/http/log-redaction.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { sentryForwarder } from '../src/services/error-reporting/sentry.ts';
import { openTestDatabase } from './db.ts';
import { expectError } from './organizations-helper.ts';

// Error reporting (SPEC §8, issue 14 item 3): the web app's failures are redacted, logged with the
// request id, limited, and forwarded to a Sentry-compatible service when ERROR_REPORTING_DSN is set.
const TOKEN = 'dG9rZW4tb2YtdGhlLXNpZ25lZS1zZWNyZXQtdmFsdWUx';

/** A Sentry-compatible ingest on this machine: keeps every envelope it is sent. */
const envelopes: { url: string; items: unknown[] }[] = [];
const ingest = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let body = Buffer.concat(chunks);
    if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
    const lines = body.toString('utf8').split('\n').filter(Boolean);
    envelopes.push({ url: req.url ?? '', items: lines.map((l) => JSON.parse(l) as unknown) });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

let database: Database;
let plain: FastifyInstance;
let forwarding: FastifyInstance;
let dsn: string;
const lines: string[] = [];
const clock = new ManualClock(Date.parse('2026-11-24T09:00:00Z'));
const build = (env: Record<string, string>, logs?: string[]) =>
  buildApp(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'warn', JOBS_WORKER: 'false', ...env }),
    { database, clock, ...(logs ? { logStream: { write: (line: string) => void logs.push(line) } } : {}) },
  );

beforeAll(async () => {
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  dsn = `http://publickey@127.0.0.1:${(ingest.address() as AddressInfo).port}/42`;
  database = await openTestDatabase();
  plain = await build({}, lines);
  forwarding = await build({ ERROR_REPORTING_DSN: dsn, LOG_LEVEL: 'error' });
  await Promise.all([plain.ready(), forwarding.ready()]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), forwarding?.close()]);
  await database?.close();
  ingest.close();
});

let address = 0;
/** Each test reports from its own address, so the per-address limit of one does not touch another. */
const from = () => `10.0.0.${++address}`;
const report = (app: FastifyInstance, payload: object, remoteAddress = from()) =>
  app.inject({ method: 'POST', url: '/api/error-reports', payload, remoteAddress });

const failure = {
  kind: 'call',
  message: `Request to /public/sign/${TOKEN}?token=${TOKEN} failed for maija.meikalainen@example.com`,
  endpoint: 'signing.start',
  code: 'INTERNAL',
  status: 500,
  requestId: '7d1c0f7e-3f5b-4d7a-9a57-2b0f0d3e8a11',
  stack: `Error: boom\n    at call (/assets/index-abc.js:1:200)\n    session-id: ${TOKEN}\n    040 1234567`,
  page: `/public/sign/${TOKEN}`,
  version: '0.1.0',
};

describe('error reports', () => {
  it('are taken from anyone, redacted, and logged with the request id', async () => {
    const res = await report(plain, failure);
    expect(res.statusCode, res.body).toBe(200);
    const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.clientError);
    expect(line).toBeDefined();
    expect(line!.reqId).toBe(res.headers['x-request-id']);
    const logged = JSON.stringify(line);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain('maija.meikalainen');
    expect(logged).not.toContain('1234567');
    expect(logged).toContain('/public/sign/[redacted]');
    expect(logged).toContain('[email]');
    // What helps to find the failure stays: the endpoint, code, status and the failed call's request id.
    expect(line!.clientError).toMatchObject({
      kind: 'call',
      endpoint: 'signing.start',
      code: 'INTERNAL',
      status: 500,
      requestId: failure.requestId,
    });
  });

  it('answer 429 past 30 a minute from one address, and take reports again in the next minute', async () => {
    const ip = from();
    for (let i = 0; i < 30; i++) {
      expect((await report(plain, { kind: 'uncaught', message: `m${i}`, page: '/' }, ip)).statusCode).toBe(
        200,
      );
    }
    const over = await report(plain, { kind: 'uncaught', message: 'one more', page: '/' }, ip);
    expectError(over, 429, 'RATE_LIMITED');
    expect(over.headers['retry-after']).toBeDefined();
    // Another address is not held back by this one.
    expect((await report(plain, { kind: 'uncaught', message: 'other', page: '/' })).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await report(plain, { kind: 'uncaught', message: 'later', page: '/' }, ip)).statusCode).toBe(200);
  });

  it('refuse malformed or oversized reports with 400, never a 500', async () => {
    for (const payload of [
      {},
      { kind: 'other', message: 'x', page: '/' },
      { kind: 'call', message: 'x'.repeat(2001), page: '/' },
      { kind: 'call', message: 'x', page: '/', stack: 'y'.repeat(8001) },
      { kind: 'call', message: 'x', page: '/', status: 1000 },
    ]) {
      const res = await report(plain, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'ERROR' });
    }
  });

  it('are forwarded, redacted, to the Sentry-compatible service when ERROR_REPORTING_DSN is set', async () => {
    const res = await report(forwarding, failure);
    expect(res.statusCode).toBe(200);
    const forwarder = await sentryForwarder(dsn, '0.1.0', 'test');
    expect(await forwarder.flush(5000)).toBe(true);
    const sent = envelopes.find((e) => JSON.stringify(e.items).includes('signing.start'));
    expect(sent, JSON.stringify(envelopes).slice(0, 500)).toBeDefined();
    expect(sent!.url).toContain('/api/42/envelope/');
    expect(sent!.url).toContain('sentry_key=publickey');
    const event = sent!.items[2] as Record<string, unknown>;
    expect(event).toMatchObject({
      level: 'error',
      tags: { kind: 'call', code: 'INTERNAL', endpoint: 'signing.start', status: '500' },
      extra: { page: '/public/sign/[redacted]', requestId: failure.requestId },
    });
    expect((event.extra as Record<string, unknown>).reportRequestId).toBe(res.headers['x-request-id']);
    const all = JSON.stringify(sent);
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain('maija.meikalainen');
    // Nothing of the server itself is sent: no host name, no default personal data.
    expect(JSON.stringify(event)).not.toMatch(/"user"|"ip_address"/);
  });

  it('are not forwarded when no DSN is set', async () => {
    const before = envelopes.length;
    await report(plain, { kind: 'uncaught', message: 'only logged', page: '/' });
    await new Promise((r) => setTimeout(r, 300));
    expect(envelopes.length).toBe(before);
  });
});

describe('redactText', () => {
  it('keeps ids and ordinary words, and removes secrets and personal data', () => {
    expect(redactText('Document 7d1c0f7e-3f5b-4d7a-9a57-2b0f0d3e8a11 not found')).toBe(
      'Document 7d1c0f7e-3f5b-4d7a-9a57-2b0f0d3e8a11 not found',
    );
    expect(redactText('Bearer abc.def Authorization: xyz')).toBe(
      'Bearer [redacted] Authorization: [redacted]',
    );
    expect(redactText('henkilötunnus 010190-123A')).toBe('henkilötunnus [redacted]');
    expect(redactText('card 4111111111111111')).toBe('card [number]');
    expect(redactText('/api/authentication/invite-link/abc?x=1')).toBe(
      '/api/authentication/invite-link/[redacted]?x=1',
    );
    expect(redactText(`key ${TOKEN}`)).toBe('key [redacted]');
    expect(redactText('at render (/assets/index-B3x9.js:12:40)')).toBe(
      'at render (/assets/index-B3x9.js:12:40)',
    );
  });
});
