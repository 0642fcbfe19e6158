import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply } from '../envelope.ts';
import { isoDate, uuid } from './common.ts';

/**
 * Webhooks (issue #34 item 2; docs/decisions.md "Webhooks", docs/integration.md "Webhooks"). An
 * organization's endpoints receive the chosen events as JSON POSTs signed per Standard Webhooks
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`). Managing them needs
 * organization edit details (8), like API keys.
 */

export const WEBHOOK_EVENTS = [
  'document.sent',
  'document.viewed',
  'document.signed',
  'document.declined',
  'document.completed',
  'document.expired',
  'document.cancelled',
  'balance.low',
] as const;
export const webhookEventType = z.enum(WEBHOOK_EVENTS);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** The text every endpoint secret starts with (Standard Webhooks); the rest is base64 of 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;
/** At most this many endpoints per organization. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
/** Attempts of one delivery before it is given up (the first and the retries). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Wait before retry n (after attempt n failed): 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000,
];
/** One attempt's time limit (connect to the end of the body) and the most of the answer that is read. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_RESPONSE_MAX_BYTES = 64 * 1024;

const webhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, { message: `At most ${WEBHOOK_URL_MAX} characters.` })
  .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http(s) address.' }))
  // No user name or password: the authority part (before the first / ? #) holds no @.
  .refine((s) => !/^https?:\/\/[^/?#]*@/i.test(s), {
    message: 'Must be an http(s) address without a user name or password.',
  });

const eventList = z
  .array(webhookEventType)
  .min(1, { message: 'Choose at least one event.' })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'An event is listed twice.' });

export const webhookEndpoint = z.object({
  id: uuid,
  url: z.string(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  /** Why the server turned it off: `gone` (the receiver answered 410 Gone); null otherwise. */
  disabledReason: z.string().nullable(),
  created: isoDate,
  createdBy: z.object({ id: uuid, name: z.string() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookAttempt = z.object({
  at: isoDate,
  status: z.number().int().nullable(),
  ms: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDelivery = z.object({
  id: uuid,
  eventId: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  responseMs: z.number().int().nullable(),
  error: z.string().nullable(),
  attemptLog: z.array(webhookAttempt),
  nextAttempt: isoDate.nullable(),
  created: isoDate,
  lastAttempt: isoDate.nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** What a receiver gets (docs/integration.md "Webhooks"); `data` by event type. */
const documentRef = z.object({ id: uuid, name: z.string().nullable() });
const signeeRef = z.object({ id: uuid, email: z.string(), name: z.string() });
const documentData = z.object({
  organizationId: uuid,
  document: documentRef,
  processId: uuid.nullable(),
  round: z.number().int().nullable(),
  signee: signeeRef.optional().describe('document.viewed, document.signed and document.declined'),
  reason: z.string().nullable().optional().describe('document.declined: the reason the signee gave'),
});
export const webhookPayload = z.object({
  type: webhookEventType,
  /** When the event happened (ISO 8601). */
  timestamp: isoDate,
  data: z.union([documentData, z.object({ organizationId: uuid, balanceCents: z.number().int() })]),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

export const webhookCreateBody = z.object({
  url: webhookUrl,
  events: eventList,
  enabled: z.boolean().optional(),
});
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

export const webhookUpdateBody = z.object({
  url: webhookUrl.optional(),
  events: eventList.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBody>;

const idParams = z.object({ id: uuid });

export const webhooksApi = {
  list: endpoint({
    id: 'webhooks.list',
    method: 'GET',
    path: '/webhooks',
    access: 'organization',
    summary: "The organization's webhook endpoints, newest first. Needs organization edit details (8).",
    reply: okReply({ webhooks: z.array(webhookEndpoint) }),
  }),
  create: endpoint({
    id: 'webhooks.create',
    method: 'POST',
    path: '/webhooks',
    access: 'organization',
    summary:
      'Add an endpoint: an http(s) URL and the events it receives. The reply carries its signing secret ' +
      '(`whsec_…`), which GET webhooks/{id}/secret shows again.',
    body: webhookCreateBody,
    reply: okReply({ webhook: webhookEndpoint, secret: z.string() }),
  }),
  update: endpoint({
    id: 'webhooks.update',
    method: 'POST',
    path: '/webhooks/:id',
    access: 'organization',
    summary: "Change an endpoint's URL, events or whether it is on (turning it on clears `disabledReason`).",
    params: idParams,
    body: webhookUpdateBody,
    reply: okReply({ webhook: webhookEndpoint }),
  }),
  remove: endpoint({
    id: 'webhooks.delete',
    method: 'POST',
    path: '/webhooks/:id/delete',
    access: 'organization',
    summary: 'Delete an endpoint and its delivery log; nothing more is delivered to it.',
    params: idParams,
    reply: okReply({ id: uuid }),
  }),
  secret: endpoint({
    id: 'webhooks.secret',
    method: 'GET',
    path: '/webhooks/:id/secret',
    access: 'organization',
    summary: "An endpoint's signing secret (`whsec_…`).",
    params: idParams,
    reply: okReply({ secret: z.string() }),
  }),
  rotateSecret: endpoint({
    id: 'webhooks.rotateSecret',
    method: 'POST',
    path: '/webhooks/:id/rotate-secret',
    access: 'organization',
    summary: 'A new signing secret for the endpoint; deliveries from now on are signed with it only.',
    params: idParams,
    reply: okReply({ secret: z.string() }),
  }),
  deliveries: endpoint({
    id: 'webhooks.deliveries',
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    access: 'organization',
    summary:
      "An endpoint's newest deliveries (at most 100), each with its attempts, status and response time.",
    params: idParams,
    reply: okReply({ deliveries: z.array(webhookDelivery) }),
  }),
  redeliver: endpoint({
    id: 'webhooks.redeliver',
    method: 'POST',
    path: '/webhooks/deliveries/:id/redeliver',
    access: 'organization',
    summary:
      'Send a delivery again now, as a new delivery with the same event id and payload (the same ' +
      '`webhook-id`, so receivers can tell it is the same event).',
    params: idParams,
    reply: okReply({ delivery: webhookDelivery }),
  }),
} as const;
