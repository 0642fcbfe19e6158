import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpCounter } from '../src/http/rate-limit.ts';
import { VERIFY_LIMIT } from '../src/routes/verification/index.ts';
import { PKI_LIMITS, TSA_BODY_LIMIT } from '../src/routes/pki/index.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { makePdf } from './pdf-fixtures.ts';
import { eventually, filesStarting, openPost, parse, stream } from './verify-budget-http.ts';

/**
 * POST /api/verify and POST /api/tsa within their budget (issue #30 item 6): refusals are decided from the
 * headers before the body is read, a body goes to a temporary file that is always removed.
 */
let t: TestApp;
let port: number;
const MAX = 256 * 1024;
const pdfHeaders = { 'content-type': 'application/pdf' };
const tsaHeaders = { 'content-type': 'application/timestamp-query' };

beforeAll(async () => {
  t = await buildTestApp({ VERIFY_MAX_BYTES: String(MAX), VERIFY_CONCURRENCY_PER_ADDRESS: '2' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

const tmpFiles = () => filesStarting(t.config.anonymous.tmpDir, 'verify-');
const noTmpFiles = () => eventually(async () => (await tmpFiles()).length === 0, 'temporary files removed');
/** A new rate-limit window for everyone (the calls come from 127.0.0.1). */
const nextWindow = () => t.clock.advance(VERIFY_LIMIT.windowMs + 1000);

describe('POST /api/verify', () => {
  it('answers 429 with Retry-After past the rate limit while the body is still unsent', async () => {
    nextWindow();
    await bumpCounter(t.database.db, t.clock, 'verify:127.0.0.1', VERIFY_LIMIT.windowMs, VERIFY_LIMIT.max);
    const post = openPost(port, '/api/verify', { ...pdfHeaders, 'content-length': '100000' }, '%PDF-1.7\n');
    const reply = await post.reply;
    expect(reply.status).toBe(429);
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    expect(reply.headers.connection).toBe('close');
    expect(parse(reply).code).toBe('RATE_LIMITED');
    post.abort();
    expect(await tmpFiles()).toEqual([]);
    nextWindow();
  });

  it('caps the checks under way per address: the third gets 429 VERIFY_BUSY before its body', async () => {
    nextWindow();
    const slow = [1, 2].map(() => openPost(port, '/api/verify', pdfHeaders, '%PDF-1.7\n% slow\n'));
    // Both are admitted and streaming into their files.
    await eventually(async () => (await tmpFiles()).length === 2, 'two uploads under way');
    const third = openPost(port, '/api/verify', { ...pdfHeaders, 'content-length': '100000' }, '%PDF-');
    const reply = await third.reply;
    expect(reply.status).toBe(429);
    expect(reply.headers['retry-after']).toBe('5');
    expect(parse(reply)).toMatchObject({ reason: 'VERIFY_BUSY', details: { retryAfterSeconds: 5 } });
    third.abort();
    // The clients go away mid-body: their files are removed and their slots freed.
    for (const s of slow) s.abort();
    await noTmpFiles();
    await eventually(async () => {
      const again = openPost(port, '/api/verify', pdfHeaders);
      again.end();
      return (await again.reply).status === 400;
    }, 'the slots are free again');
    nextWindow();
  });

  it('refuses a start that is not a PDF (415) without reading the rest', async () => {
    nextWindow();
    const post = openPost(port, '/api/verify', pdfHeaders, Buffer.alloc(2048, 0x41));
    const reply = await post.reply;
    expect(reply.status).toBe(415);
    expect(parse(reply).reason).toBe('VERIFY_NOT_A_PDF');
    expect(reply.headers.connection).toBe('close');
    post.abort();
    // Another type is refused from its header alone.
    const html = openPost(port, '/api/verify', { 'content-type': 'text/html' }, '<html>');
    expect((await html.reply).status).toBe(415);
    html.abort();
    await noTmpFiles();
  });

  it('takes a PDF header anywhere in the first 1024 bytes, as readers do', async () => {
    nextWindow();
    const body = Buffer.concat([Buffer.alloc(1000, 0x20), Buffer.from('%PDF-1.7\n%%EOF\n')]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: pdfHeaders,
      payload: body,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('VERIFY_DAMAGED');
  });

  it('answers 413 with the limit: from Content-Length at once, or when the streamed body passes it', async () => {
    nextWindow();
    const declared = openPost(
      port,
      '/api/verify',
      { ...pdfHeaders, 'content-length': String(MAX + 1) },
      '%PDF-',
    );
    const early = await declared.reply;
    expect(early.status).toBe(413);
    expect(parse(early)).toMatchObject({ reason: 'VERIFY_TOO_LARGE', details: { maxBytes: MAX } });
    declared.abort();

    const chunked = openPost(port, '/api/verify', { ...pdfHeaders, 'transfer-encoding': 'chunked' });
    void stream(chunked, '%PDF-1.7\n', MAX * 4);
    const late = await chunked.reply;
    expect(late.status).toBe(413);
    expect(parse(late)).toMatchObject({ reason: 'VERIFY_TOO_LARGE', details: { maxBytes: MAX } });
    chunked.abort();
    await noTmpFiles();
  });

  it('tells the web app the limit in the public configuration, so the page refuses a larger file itself', async () => {
    const config = await t.call(null, { method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ verifyMaxBytes: MAX });
  });

  it('removes the temporary file after a success and after a failure', async () => {
    nextWindow();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: pdfHeaders,
      payload: Buffer.from(await makePdf(1)),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().report.signatures).toEqual([]);
    await noTmpFiles();
    const damaged = await t.app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: pdfHeaders,
      payload: '%PDF-1.7\nnot really\n',
    });
    expect(damaged.statusCode).toBe(409);
    await noTmpFiles();
  });
});

describe('POST /api/tsa', () => {
  it('answers 429 with Retry-After past the rate limit before the body', async () => {
    nextWindow();
    await bumpCounter(
      t.database.db,
      t.clock,
      'pki-tsa:127.0.0.1',
      PKI_LIMITS.timestamp.windowMs,
      PKI_LIMITS.timestamp.max,
    );
    const post = openPost(port, '/api/tsa', { ...tsaHeaders, 'content-length': '60' }, '0');
    const reply = await post.reply;
    expect(reply.status).toBe(429);
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    post.abort();
    nextWindow();
  });

  it('caps the requests under way per address, and refuses a wrong type or size from the headers', async () => {
    nextWindow();
    const slow = [1, 2].map(() => openPost(port, '/api/tsa', { ...tsaHeaders, 'content-length': '60' }, '0'));
    // The two are admitted: the third is refused while they wait for their bodies.
    await eventually(async () => {
      const third = openPost(port, '/api/tsa', { ...tsaHeaders, 'content-length': '60' }, '0');
      const reply = await third.reply;
      third.abort();
      return reply.status === 429 && parse(reply).reason === 'VERIFY_BUSY';
    }, 'the third time-stamp request refused');
    for (const s of slow) s.abort();

    const html = openPost(port, '/api/tsa', { 'content-type': 'text/html', 'content-length': '60' }, '<');
    expect((await html.reply).status).toBe(415);
    html.abort();
    const huge = openPost(port, '/api/tsa', { ...tsaHeaders, 'content-length': String(TSA_BODY_LIMIT + 1) });
    expect((await huge.reply).status).toBe(413);
    huge.abort();
  });
});
