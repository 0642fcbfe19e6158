/**
 * The webhooks' SSRF rule (issue #34 item 2; docs/decisions.md "Webhooks"): no delivery to a private,
 * loopback or link-local address, by IP literal or by a name that resolves to one; no redirects followed, a
 * time limit and a cap on the answer read. Loopback is refused here as in production.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_ENDPOINTS_MAX } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import { refusedAddress } from '../src/services/webhooks/address.ts';
import { enqueueWebhook } from '../src/services/webhooks/index.ts';
import { postWebhook } from '../src/services/webhooks/post.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';
import { expectError } from './organizations-helper.ts';
import { receiver, type Receiver, W } from './webhooks-helper.ts';

let r: Receiver;
beforeAll(async () => {
  r = await receiver();
});
afterAll(async () => r?.close());

describe('SSRF: no delivery to private, loopback or link-local addresses', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    '64:ff9b::a00:1',
  ])('%s is refused when loopback is not allowed', (address) => {
    expect(refusedAddress(address, false)).not.toBeNull();
  });

  it('public addresses pass; loopback passes only when allowed, other private ones never', () => {
    expect(refusedAddress('93.184.216.34', false)).toBeNull();
    expect(refusedAddress('2606:2800:220:1:248:1893:25c8:1946', false)).toBeNull();
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('::1', true)).toBeNull();
    expect(refusedAddress('10.0.0.1', true)).not.toBeNull();
    expect(refusedAddress('169.254.169.254', true)).not.toBeNull();
  });

  it('postWebhook never connects to a refused address, a name that resolves to one, or a non-http URL', async () => {
    const before = r.received.length;
    const opts = { allowLoopback: false, timeoutMs: 2000, maxResponseBytes: 1024 };
    for (const url of [
      r.url('/ssrf'),
      `http://localhost:${r.port}/ssrf`,
      `http://[::1]:${r.port}/ssrf`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/',
      `http://[::ffff:127.0.0.1]:${r.port}/ssrf`,
      'ftp://example.com/',
    ]) {
      const out = await postWebhook(url, '{}', {}, opts);
      expect(out, url).toMatchObject({ status: null, refused: true });
      expect(out.error, url).toMatch(/refused|not http/);
    }
    expect(r.received.length).toBe(before);
  });

  it('redirects are not followed; a slow receiver times out; only the first bytes of a long answer are read', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: r.url('/redirected') }).end();
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 3000).unref();
      } else {
        res.writeHead(200);
        res.write(Buffer.alloc(200_000, 'a'));
        // Never ends: the reader stops at the limit.
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const opts = { allowLoopback: true, timeoutMs: 500, maxResponseBytes: 64 * 1024 };
    // The answers that must arrive get time to spare on a loaded machine; only the slow one meets the 500 ms.
    const patient = { ...opts, timeoutMs: 10_000 };
    try {
      const redirected = await postWebhook(`${base}/redirect`, '{}', {}, patient);
      expect(redirected.status).toBe(302);
      expect(redirected.error).toMatch(/not followed/);
      expect(r.at('/redirected')).toHaveLength(0);
      const slow = await postWebhook(`${base}/slow`, '{}', {}, opts);
      expect(slow).toMatchObject({ status: null, refused: false });
      expect(slow.error).toMatch(/within 500 ms/);
      const long = await postWebhook(`${base}/long`, '{}', {}, patient);
      expect(long).toMatchObject({ status: 200, error: null });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('with loopback refused (as in production)', () => {
  let p: DocumentsTestApp;
  let boss: TestUser;
  beforeAll(async () => {
    p = await buildDocumentsApp({ WEBHOOK_ALLOW_LOOPBACK: 'off' });
    boss = await p.organization(await p.signUp({ name: 'Pia Production' }));
  }, 120_000);
  afterAll(async () => p?.close());

  it('an endpoint at an IP literal of a refused range answers 400 when made', async () => {
    for (const host of ['127.0.0.1', '10.0.0.7', '169.254.169.254', '[::1]', '[fd12::1]']) {
      expectError(
        await p.json(boss, 'POST', W, { url: `http://${host}:${r.port}/hook`, events: ['balance.low'] }),
        400,
        'VALIDATION_FAILED',
      );
    }
  });

  it('a host name that resolves to 127.0.0.1 is accepted as a URL but its delivery is refused, not retried', async () => {
    const made = await p.json(boss, 'POST', W, {
      url: `http://localhost:${r.port}/prod`,
      events: ['balance.low'],
    });
    expect(made.statusCode, made.body).toBe(200);
    await enqueueWebhook(p.database.db, {
      organizationId: boss.personalOrganizationId,
      type: 'balance.low',
      at: p.clock.now(),
      data: {},
    });
    await p.app.jobs.drain();
    expect(r.at('/prod')).toHaveLength(0);
    const [d] = (await p.json(boss, 'GET', `${W}/${made.json().webhook.id}/deliveries`)).json().deliveries;
    expect(d).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null, nextAttempt: null });
    expect(d.error).toMatch(/refused: localhost resolves to .*loopback/);
    // …without naming the address it resolved to (the log is not a map of the internal network).
    expect(d.error).not.toMatch(/127\.0\.0\.1|::1/);
    const queued = await p.database.db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'));
    expect(queued.filter((j) => j.status === 'queued')).toHaveLength(0);
  });

  it(`an organization has at most ${WEBHOOK_ENDPOINTS_MAX} endpoints (409 WEBHOOK_LIMIT_REACHED)`, async () => {
    const existing = (await p.json(boss, 'GET', W)).json().webhooks.length;
    for (let i = existing; i < WEBHOOK_ENDPOINTS_MAX; i++) {
      const res = await p.json(boss, 'POST', W, {
        url: `https://example.com/${i}`,
        events: ['balance.low'],
        enabled: false,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expectError(
      await p.json(boss, 'POST', W, { url: 'https://example.com/one-more', events: ['balance.low'] }),
      409,
      'CONFLICT',
      'WEBHOOK_LIMIT_REACHED',
    );
  });
});
