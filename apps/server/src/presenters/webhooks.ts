import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@sinetti/contract';
import type { WebhookDeliveryRow, WebhookEndpointView } from '../queries/webhooks.ts';
import { presentCreator } from './creator.ts';

/** An endpoint as its managers see it (the secret has its own call). */
export function presentWebhookEndpoint(view: WebhookEndpointView, seesEmail: boolean): WebhookEndpoint {
  const { endpoint, creator } = view;
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events as WebhookEventType[],
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    created: endpoint.createdAt.toISOString(),
    createdBy: presentCreator(creator, seesEmail),
  };
}

export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseMs: row.responseMs,
    error: row.error,
    attemptLog: row.attemptLog,
    nextAttempt: row.nextAttemptAt?.toISOString() ?? null,
    created: row.createdAt.toISOString(),
    lastAttempt: row.lastAttemptAt?.toISOString() ?? null,
    payload: row.payload,
  };
}
