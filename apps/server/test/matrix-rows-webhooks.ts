/**
 * Matrix rows (authorization-matrix.test.ts) of the webhook calls (issue #34 item 2): all are the owner's
 * only (an endpoint gets every document's events; policies/webhooks.ts). The calls on one endpoint or delivery
 * use an unknown id, so the owner gets 404 and everyone else 403 first (webhooks-manage.test.ts covers another
 * organization's endpoint).
 * The endpoint made is turned off, so that nothing is delivered from the matrix.
 */
import { randomUUID } from 'node:crypto';
import { json, type Row } from './matrix-kit.ts';

const unknown = (method: 'GET' | 'POST', tail: string): Row => ({
  kind: 'owner',
  ok: 404,
  request: () => json(method, `/api/webhooks/${randomUUID()}${tail}`, method === 'POST' ? {} : undefined),
});

export const WEBHOOK_ROWS: Record<string, Row> = {
  'webhooks.list': {
    kind: 'owner',
    request: () => json('GET', '/api/webhooks'),
  },
  'webhooks.create': {
    kind: 'owner',
    request: () =>
      json('POST', '/api/webhooks', {
        url: `https://example.com/matrix/${randomUUID().slice(0, 8)}`,
        events: ['document.sent'],
        enabled: false,
      }),
  },
  'webhooks.update': unknown('POST', ''),
  'webhooks.delete': unknown('POST', '/delete'),
  'webhooks.secret': unknown('GET', '/secret'),
  'webhooks.rotateSecret': unknown('POST', '/rotate-secret'),
  'webhooks.deliveries': unknown('GET', '/deliveries'),
  'webhooks.redeliver': {
    kind: 'owner',
    ok: 404,
    request: () => json('POST', `/api/webhooks/deliveries/${randomUUID()}/redeliver`),
  },
};
