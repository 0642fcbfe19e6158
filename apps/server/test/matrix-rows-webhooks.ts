/**
 * Matrix rows (authorization-matrix.test.ts) of the webhook calls (issue #34 item 2): all need organization
 * edit details (8). The calls on one endpoint or delivery use an unknown id, so an allowed caller gets 404
 * and one without the permission 403 first (webhooks.test.ts covers another organization's endpoint).
 * The endpoint made is turned off, so that nothing is delivered from the matrix.
 */
import { randomUUID } from 'node:crypto';
import { P } from '@sinetti/contract';
import { json, one, type Row } from './matrix-kit.ts';

const unknown = (method: 'GET' | 'POST', tail: string): Row => ({
  kind: 'scope',
  grants: one(P.ORG_EDIT_DETAILS),
  ok: 404,
  request: () => json(method, `/api/webhooks/${randomUUID()}${tail}`, method === 'POST' ? {} : undefined),
});

export const WEBHOOK_ROWS: Record<string, Row> = {
  'webhooks.list': {
    kind: 'scope',
    grants: one(P.ORG_EDIT_DETAILS),
    request: () => json('GET', '/api/webhooks'),
  },
  'webhooks.create': {
    kind: 'scope',
    grants: one(P.ORG_EDIT_DETAILS),
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
    kind: 'scope',
    grants: one(P.ORG_EDIT_DETAILS),
    ok: 404,
    request: () => json('POST', `/api/webhooks/deliveries/${randomUUID()}/redeliver`),
  },
};
