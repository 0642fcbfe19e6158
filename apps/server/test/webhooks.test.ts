/**
 * Webhooks (issue #34 item 2; docs/decisions.md "Webhooks"): endpoints managed by the organization's owner
 * only, signed deliveries of the signing events verified by a reference implementation of Standard
 * Webhooks written here from the specification, retries of a failing receiver with the log of every
 * attempt, 410 turning the endpoint off, redelivery, and the SSRF rule (no private, loopback or
 * link-local target) with loopback refused as in production.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { P, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_SECRET_PATTERN } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, webhookDeliveries } from '../src/db/schema/index.ts';
import { refusedAddress } from '../src/services/webhooks/address.ts';
import {
  enqueueWebhook,
  pruneWebhookDeliveries,
  WEBHOOK_DELIVERIES_KEPT_MS,
} from '../src/services/webhooks/index.ts';
import { postWebhook } from '../src/services/webhooks/post.ts';
import { runFollowUp } from '../src/commands/signing/follow-up-job.ts';
import { freshSession } from './billing-helper.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { expectError } from './organizations-helper.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that records every request and answers the next status queued for its path (200 when none). */
async function receiver() {
  const received: Received[] = [];
  const answers: Record<string, number[]> = {};
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.statusCode = answers[req.url ?? '']?.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    answers,
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Standard Webhooks verification, from the specification (not the server's code): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, the key the base64 after `whsec_`, the signature HMAC-SHA256
 * in base64 after `v1,` (the header may list several, space-separated); the timestamp within 5 minutes.
 */
async function verifyStandardWebhook(
  secret: string,
  headers: http.IncomingHttpHeaders,
  body: string,
  nowSeconds: number,
): Promise<boolean> {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const signatures = String(headers['webhook-signature'] ?? '').split(' ');
  if (!id || !/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const key = await crypto.subtle.importKey(
    'raw',
    Uint8Array.from(atob(secret.split('_')[1] ?? ''), (ch) => ch.charCodeAt(0)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const content = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  for (const s of signatures) {
    const [version, sig] = s.split(',');
    if (version !== 'v1' || !sig) continue;
    const bytes = Uint8Array.from(atob(sig), (ch) => ch.charCodeAt(0));
    if (await crypto.subtle.verify('HMAC', key, bytes, content)) return true;
  }
  return false;
}

const W = '/api/webhooks';
const ALL_EVENTS = [
  'document.sent',
  'document.viewed',
  'document.signed',
  'document.declined',
  'document.completed',
  'document.expired',
  'document.cancelled',
  'balance.low',
];

let t: SigningTestApp;
let r: Awaited<ReturnType<typeof receiver>>;
let owner: TestUser;
let otherOwner: TestUser;

beforeAll(async () => {
  r = await receiver();
  t = await buildSigningApp({ WEBHOOK_ALLOW_LOOPBACK: 'on' });
  owner = await t.organization(await t.signUp({ name: 'Wilma Webhook' }));
  otherOwner = await t.organization(await t.signUp({ name: 'Otto Other' }));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await r?.close();
});

async function addEndpoint(user: TestUser, path: string, events = ALL_EVENTS) {
  const res = await t.json(user, 'POST', W, { url: r.url(path), events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { webhook: { id: string }; secret: string };
}

const at = (path: string) => r.received.filter((x) => x.path === path);
const typesAt = (path: string) => at(path).map((x) => (JSON.parse(x.body) as { type: string }).type);

describe('managing endpoints', () => {
  it('adds, lists, changes, shows and rotates the secret, and deletes an endpoint', async () => {
    const made = await addEndpoint(owner, '/manage', ['document.sent']);
    expect(made.secret).toMatch(WEBHOOK_SECRET_PATTERN);
    const list = await t.json(owner, 'GET', W);
    expect(list.statusCode).toBe(200);
    expect(list.json().webhooks[0]).toMatchObject({
      id: made.webhook.id,
      events: ['document.sent'],
      enabled: true,
    });
    expect(list.body).not.toContain(made.secret);

    const changed = await t.json(owner, 'POST', `${W}/${made.webhook.id}`, {
      events: ['document.completed', 'balance.low'],
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().webhook).toMatchObject({
      events: ['document.completed', 'balance.low'],
      enabled: false,
    });

    expect((await t.json(owner, 'GET', `${W}/${made.webhook.id}/secret`)).json().secret).toBe(made.secret);
    const rotated = await t.json(owner, 'POST', `${W}/${made.webhook.id}/rotate-secret`);
    expect(rotated.json().secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(rotated.json().secret).not.toBe(made.secret);
    expect((await t.json(owner, 'GET', `${W}/${made.webhook.id}/secret`)).json().secret).toBe(
      rotated.json().secret,
    );

    expect((await t.json(owner, 'POST', `${W}/${made.webhook.id}/delete`)).statusCode).toBe(200);
    expect((await t.json(owner, 'GET', W)).body).not.toContain(made.webhook.id);
    expectError(await t.json(owner, 'GET', `${W}/${made.webhook.id}/secret`), 404, 'NOT_FOUND');
  });

  it('refuses bad input with 400: not http(s), no events, an unknown event, credentials in the URL', async () => {
    for (const body of [
      { url: 'ftp://example.com/x', events: ['document.sent'] },
      { url: 'file:///etc/passwd', events: ['document.sent'] },
      { url: 'https://user:pw@example.com/', events: ['document.sent'] },
      { url: 'https://example.com/', events: [] },
      { url: 'https://example.com/', events: ['document.exploded'] },
    ]) {
      expectError(await t.json(owner, 'POST', W, body), 400, 'VALIDATION_FAILED');
    }
  });

  it('only the owner manages webhooks: a member without 8, and one with 8 (who may not see every document), get 403', async () => {
    const made = await addEndpoint(owner, '/perm', ['document.sent']);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);
    expectError(await t.json(viewer, 'GET', W), 403, 'FORBIDDEN');
    expectError(
      await t.json(viewer, 'POST', W, { url: r.url('/x'), events: ['document.sent'] }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.json(viewer, 'GET', `${W}/${made.webhook.id}/secret`), 403, 'FORBIDDEN');
    expectError(await t.json(viewer, 'GET', `${W}/${made.webhook.id}/deliveries`), 403, 'FORBIDDEN');
    expectError(await t.json(viewer, 'POST', `${W}/${made.webhook.id}/delete`), 403, 'FORBIDDEN');
    // An endpoint gets every document's events: a member with organization edit details kept out of a
    // restricted folder would read those documents through it, so 8 is not enough.
    const admin = await t.member(owner, [P.ORG_EDIT_DETAILS, P.DOCUMENTS_VIEW]);
    expectError(await t.json(admin, 'GET', W), 403, 'FORBIDDEN');
    expectError(await t.json(admin, 'GET', `${W}/${made.webhook.id}/deliveries`), 403, 'FORBIDDEN');
    expectError(
      await t.json(admin, 'POST', W, { url: r.url('/admin'), events: ['document.sent'] }),
      403,
      'FORBIDDEN',
    );
    expect((await t.json(owner, 'GET', W)).body).toContain(made.webhook.id);
    await t.json(owner, 'POST', `${W}/${made.webhook.id}/delete`);
  });

  it('another organization’s endpoint and deliveries answer 404 to every call', async () => {
    const foreign = await addEndpoint(otherOwner, '/foreign', ['balance.low']);
    await enqueueWebhook(t.database.db, {
      organizationId: otherOwner.personalOrganizationId,
      type: 'balance.low',
      at: t.clock.now(),
      data: { balanceCents: 1 },
    });
    const [delivery] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, foreign.webhook.id));
    expect(delivery).toBeDefined();
    const id = foreign.webhook.id;
    expectError(await t.json(owner, 'GET', `${W}/${id}/secret`), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'GET', `${W}/${id}/deliveries`), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'POST', `${W}/${id}`, { enabled: false }), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'POST', `${W}/${id}/rotate-secret`), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'POST', `${W}/${id}/delete`), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'POST', `${W}/deliveries/${delivery?.id}/redeliver`), 404, 'NOT_FOUND');
    expect((await t.json(owner, 'GET', W)).body).not.toContain(id);
    await t.json(otherOwner, 'POST', `${W}/${id}/delete`);
  });
});

describe('deliveries', () => {
  let secret = '';
  let docId = '';
  const anna = uniqueEmail('anna');

  beforeAll(async () => {
    secret = (await addEndpoint(owner, '/events')).secret;
    await t.fund(owner, 10);
    const doc = await t.contract(owner, 'Webhook contract', 1);
    docId = doc.id;
    await t.addSignee(owner, docId, { givenName: 'Anna', familyName: 'Aalto', email: anna });
    expect((await t.json(owner, 'GET', `/api/signing/send/${docId}`)).json().status).toBe('OK');
    const session = await t.startSession(await t.linkOf(anna));
    await t.confirmCode(session, anna);
    // A second fetch of the PDF in the same round is no new event.
    expect((await t.pub('GET', `/api/signing/session/${session}/pdf`)).statusCode).toBe(200);
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'drawn', image: pngDataUrl(16) },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
  }, 120_000);

  it('delivers sent, balance low, viewed (once), signed and completed, each signed per Standard Webhooks', async () => {
    // Each once (the order of deliveries queued at the same moment is not promised).
    expect([...typesAt('/events')].sort()).toEqual([
      'balance.low',
      'document.completed',
      'document.sent',
      'document.signed',
      'document.viewed',
    ]);
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    for (const req of at('/events')) {
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['webhook-id']).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(await verifyStandardWebhook(secret, req.headers, req.body, nowSeconds)).toBe(true);
      // Any change of the body, the id or the timestamp fails verification.
      expect(await verifyStandardWebhook(secret, req.headers, `${req.body} `, nowSeconds)).toBe(false);
      expect(
        await verifyStandardWebhook(
          secret,
          { ...req.headers, 'webhook-id': 'evt_other' },
          req.body,
          nowSeconds,
        ),
      ).toBe(false);
      expect(await verifyStandardWebhook(secret, req.headers, req.body, nowSeconds + 3600)).toBe(false);
    }
    const signedEvent = JSON.parse(
      at('/events').find((x) => JSON.parse(x.body).type === 'document.signed')?.body ?? '{}',
    );
    expect(signedEvent).toMatchObject({
      type: 'document.signed',
      data: {
        organizationId: owner.personalOrganizationId,
        document: { id: docId, name: 'Webhook contract' },
        signee: { email: anna, name: 'Anna Aalto' },
      },
    });
    expect(Date.parse(signedEvent.timestamp)).not.toBeNaN();
  });

  it('the delivery log lists each delivery as succeeded with its status and response time', async () => {
    const [endpoint] = (await t.json(owner, 'GET', W)).json().webhooks;
    const res = await t.json(owner, 'GET', `${W}/${endpoint.id}/deliveries`);
    expect(res.statusCode).toBe(200);
    const deliveries = res.json().deliveries;
    expect(deliveries).toHaveLength(5);
    for (const d of deliveries) {
      expect(d).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200, error: null });
      expect(d.responseMs).toBeGreaterThanOrEqual(0);
      expect(d.attemptLog).toHaveLength(1);
    }
  });

  it('a cancelled round and a declined one are delivered', async () => {
    const ben = uniqueEmail('ben');
    const carl = uniqueEmail('carl');
    await t.fund(owner, 10);
    const doc = await t.contract(owner, 'Cancelled contract', 1);
    await t.addSignee(owner, doc.id, { givenName: 'Ben', familyName: 'Berg', email: ben });
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    expect((await t.json(owner, 'GET', `/api/signing/cancel/${doc.id}`)).statusCode).toBe(200);
    const other = await t.contract(owner, 'Declined contract', 1);
    await t.addSignee(owner, other.id, { givenName: 'Carl', familyName: 'Carlson', email: carl });
    expect((await t.json(owner, 'GET', `/api/signing/send/${other.id}`)).json().status).toBe('OK');
    const link = await t.linkOf(carl);
    const declined = await t.pub('POST', `/api/signing/decline/${link}`, { reason: 'Wrong price' });
    expect(declined.statusCode, declined.body).toBe(200);
    await t.app.jobs.drain();
    const types = typesAt('/events').slice(5);
    expect(types).toContain('document.cancelled');
    expect(types).toContain('document.declined');
    const decline = at('/events').find((x) => JSON.parse(x.body).type === 'document.declined');
    expect(JSON.parse(decline?.body ?? '{}').data).toMatchObject({
      reason: 'Wrong price',
      signee: { email: carl },
      document: { id: other.id },
    });
  });

  it('a failing receiver (500, then 200) is tried again after the back-off, and the log shows both attempts', async () => {
    const made = await addEndpoint(owner, '/flaky', ['balance.low']);
    r.answers['/flaky'] = [500];
    await enqueueWebhook(t.database.db, {
      organizationId: owner.personalOrganizationId,
      type: 'balance.low',
      at: t.clock.now(),
      data: { balanceCents: 5 },
    });
    await t.app.jobs.drain();
    expect(at('/flaky')).toHaveLength(1);
    let [d] = (await t.json(owner, 'GET', `${W}/${made.webhook.id}/deliveries`)).json().deliveries;
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'HTTP 500' });
    expect(Date.parse(d.nextAttempt) - t.clock.now().getTime()).toBe(WEBHOOK_RETRY_DELAYS_MS[0]);

    // Not before the back-off.
    t.clock.advance((WEBHOOK_RETRY_DELAYS_MS[0] ?? 0) - 1000);
    await t.app.jobs.drain();
    expect(at('/flaky')).toHaveLength(1);
    t.clock.advance(1000);
    await t.app.jobs.drain();
    expect(at('/flaky')).toHaveLength(2);
    // The same event id both times: the receiver can de-duplicate.
    expect(at('/flaky')[1]?.headers['webhook-id']).toBe(at('/flaky')[0]?.headers['webhook-id']);

    [d] = (await t.json(owner, 'GET', `${W}/${made.webhook.id}/deliveries`)).json().deliveries;
    expect(d).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      responseStatus: 200,
      error: null,
      nextAttempt: null,
    });
    expect(d.attemptLog.map((a: { status: number }) => a.status)).toEqual([500, 200]);
    expect(d.attemptLog[0].error).toBe('HTTP 500');

    // Redelivery: a new delivery of the same event, delivered at once.
    const again = await t.json(owner, 'POST', `${W}/deliveries/${d.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().delivery).toMatchObject({ eventId: d.eventId, status: 'pending', attempts: 0 });
    await t.app.jobs.drain();
    expect(at('/flaky')).toHaveLength(3);
    expect(at('/flaky')[2]?.body).toBe(at('/flaky')[0]?.body);
    const listed = (await t.json(owner, 'GET', `${W}/${made.webhook.id}/deliveries`)).json().deliveries;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ id: again.json().delivery.id, status: 'succeeded', attempts: 1 });
    await t.json(owner, 'POST', `${W}/${made.webhook.id}/delete`);
  });

  it('gives up after the last attempt, and 410 Gone turns the endpoint off at once', async () => {
    const made = await addEndpoint(owner, '/gone', ['balance.low']);
    r.answers['/gone'] = [410];
    await enqueueWebhook(t.database.db, {
      organizationId: owner.personalOrganizationId,
      type: 'balance.low',
      at: t.clock.now(),
      data: { balanceCents: 5 },
    });
    await t.app.jobs.drain();
    const [d] = (await t.json(owner, 'GET', `${W}/${made.webhook.id}/deliveries`)).json().deliveries;
    expect(d).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410, nextAttempt: null });
    const [endpoint] = (await t.json(owner, 'GET', W))
      .json()
      .webhooks.filter((w: { id: string }) => w.id === made.webhook.id);
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'gone' });
    // Turned off: new events are not queued for it.
    const n = await enqueueWebhook(t.database.db, {
      organizationId: owner.personalOrganizationId,
      type: 'balance.low',
      at: t.clock.now(),
      data: {},
    });
    expect(n).toBe(1); // only '/events' (subscribed to everything)
    await t.app.jobs.drain();
    expect(at('/gone')).toHaveLength(1);
    await t.json(owner, 'POST', `${W}/${made.webhook.id}/delete`);
  });
  it('a round that passes its expiry day is delivered as document.expired', async () => {
    const dora = uniqueEmail('dora');
    await t.fund(owner, 10);
    const doc = await t.contract(owner, 'Expiring contract', 1);
    await t.addSignee(owner, doc.id, { givenName: 'Dora', familyName: 'Dahl', email: dora });
    const sent = await t.json(owner, 'POST', `/api/signing/send/${doc.id}`, { expiresOn: '2026-06-10' });
    expect(sent.json().status, sent.body).toBe('OK');
    await t.app.jobs.drain();
    t.clock.advance(14 * 24 * 3600_000);
    owner = await freshSession(t, owner);
    expect((await runFollowUp(t.app.ctx)).expired).toBe(1);
    await t.app.jobs.drain();
    const expired = at('/events').filter((x) => JSON.parse(x.body).type === 'document.expired');
    expect(expired).toHaveLength(1);
    expect(JSON.parse(expired[0]?.body ?? '{}').data).toMatchObject({
      document: { id: doc.id, name: 'Expiring contract' },
    });
  });
  it('finished deliveries are deleted after 30 days; pending ones stay', async () => {
    const rows = await t.database.db.select().from(webhookDeliveries);
    expect(rows.length).toBeGreaterThan(0);
    const later = new Date(t.clock.now().getTime() + WEBHOOK_DELIVERIES_KEPT_MS + 60_000);
    const pendingBefore = rows.filter((d) => d.status === 'pending').length;
    expect(await pruneWebhookDeliveries(t.database.db, later)).toBe(rows.length - pendingBefore);
    const left = await t.database.db.select().from(webhookDeliveries);
    expect(left.every((d) => d.status === 'pending')).toBe(true);
    expect(left).toHaveLength(pendingBefore);
  });
});

describe('the OpenAPI document', () => {
  it('describes every webhook with its headers and payload', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...ALL_EVENTS].sort());
    const op = doc.webhooks['document.signed'].post;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(op.requestBody.content['application/json'].schema.properties).toHaveProperty('data');
  });
});

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
    try {
      const redirected = await postWebhook(`${base}/redirect`, '{}', {}, opts);
      expect(redirected.status).toBe(302);
      expect(redirected.error).toMatch(/not followed/);
      expect(at('/redirected')).toHaveLength(0);
      const slow = await postWebhook(`${base}/slow`, '{}', {}, opts);
      expect(slow).toMatchObject({ status: null, refused: false });
      expect(slow.error).toMatch(/within 500 ms/);
      const long = await postWebhook(`${base}/long`, '{}', {}, opts);
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
    expect(at('/prod')).toHaveLength(0);
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
