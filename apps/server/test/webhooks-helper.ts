/**
 * What the webhooks test files share (issue #34 item 2; docs/decisions.md "Webhooks"): a receiver on
 * 127.0.0.1 that records what it gets, a reference verifier of Standard Webhooks signatures written from the
 * specification (not from the server's code, so that a mistake there is not repeated here), and the signing
 * app with loopback deliveries allowed, its receiver and an organization owner.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_EVENTS } from '@sinetti/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

export const W = '/api/webhooks';
/** Every event a receiver can subscribe to. */
export const ALL_EVENTS: string[] = [...WEBHOOK_EVENTS];

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Receiver = Awaited<ReturnType<typeof receiver>>;

/** A receiver on 127.0.0.1 that records every request and answers the next status queued for its path (200 when none). */
export async function receiver() {
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
    /** The requests that reached `path`, in the order they came. */
    at: (path: string) => received.filter((x) => x.path === path),
    /** The event types delivered to `path`, in the order they came. */
    typesAt: (path: string) =>
      received.filter((x) => x.path === path).map((x) => (JSON.parse(x.body) as { type: string }).type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Standard Webhooks verification, from the specification (not the server's code): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, the key the base64 after `whsec_`, the signature HMAC-SHA256
 * in base64 after `v1,` (the header may list several, space-separated); the timestamp within 5 minutes.
 */
export async function verifyStandardWebhook(
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

export interface WebhooksFixture {
  t: SigningTestApp;
  r: Receiver;
  /** The owner of an organization (a test may swap in a fresh session after moving the clock). */
  owner: TestUser;
  /** Adds an endpoint at the receiver's `path` for `user`'s organization; its reply (with the secret). */
  addEndpoint(
    user: TestUser,
    path: string,
    events?: string[],
  ): Promise<{ webhook: { id: string }; secret: string }>;
}

/**
 * The calling file's signing app (loopback deliveries allowed, as the receiver is on 127.0.0.1), receiver
 * and owner, made before its tests and closed after them. The fields are filled in by its beforeAll.
 */
export function useWebhooksApp(): WebhooksFixture {
  const f = {
    async addEndpoint(user: TestUser, path: string, events = ALL_EVENTS) {
      const res = await f.t.json(user, 'POST', W, { url: f.r.url(path), events });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { webhook: { id: string }; secret: string };
    },
  } as WebhooksFixture;
  beforeAll(async () => {
    f.r = await receiver();
    f.t = await buildSigningApp({ WEBHOOK_ALLOW_LOOPBACK: 'on' });
    f.owner = await f.t.organization(await f.t.signUp({ name: 'Wilma Webhook' }));
  }, 120_000);
  afterAll(async () => {
    await f.t?.close();
    await f.r?.close();
  });
  return f;
}
