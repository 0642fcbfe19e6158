import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RESPONSE_MAX_BYTES,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TIMEOUT_MS,
  type WebhookEventType,
} from '@sinetti/contract';
import { and, arrayContains, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, type WebhookAttempt } from '../../db/schema/index.ts';
import { enqueueJob, type JobContext, type JobRecord, type JobRegistry } from '../jobs/index.ts';
import { postWebhook } from './post.ts';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';
export const WEBHOOK_PRUNE_JOB = 'webhook.prune';
/** Finished deliveries are kept this long in the log, then deleted (daily). */
export const WEBHOOK_DELIVERIES_KEPT_MS = 30 * 24 * 3600_000;

/** `whsec_` and base64 of 32 random bytes (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header (Standard Webhooks): `v1,` and the base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}`, keyed with the base64-decoded part of the secret after `whsec_`.
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export interface WebhookEvent {
  organizationId: string;
  type: WebhookEventType;
  at: Date;
  data: Record<string, unknown>;
}

/**
 * Queues the event for every enabled endpoint of the organization that chose its type. Call it in the
 * transaction of the change it tells about (outbox, like enqueueMail): the deliveries exist exactly when
 * the change is committed. One query when the organization has no such endpoint.
 */
export async function enqueueWebhook(tx: DbOrTx, event: WebhookEvent): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, event.organizationId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [event.type]),
      ),
    );
  if (endpoints.length === 0) return 0;
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  const payload = { type: event.type, timestamp: event.at.toISOString(), data: event.data };
  for (const endpoint of endpoints) {
    await queueDelivery(tx, {
      endpointId: endpoint.id,
      organizationId: event.organizationId,
      eventId,
      type: event.type,
      payload,
      at: event.at,
    });
  }
  return endpoints.length;
}

/** A delivery row and the job of its first attempt. */
export async function queueDelivery(
  tx: DbOrTx,
  d: {
    endpointId: string;
    organizationId: string;
    eventId: string;
    type: string;
    payload: Record<string, unknown>;
    at: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      endpointId: d.endpointId,
      organizationId: d.organizationId,
      eventId: d.eventId,
      type: d.type,
      payload: d.payload,
      nextAttemptAt: d.at,
      createdAt: d.at,
    })
    .returning({ id: webhookDeliveries.id });
  if (!row) throw new Error('webhook delivery insert returned nothing');
  await scheduleAttempt(tx, row.id, d.organizationId, 1, d.at);
  return row.id;
}

async function scheduleAttempt(
  tx: DbOrTx,
  deliveryId: string,
  organizationId: string,
  attempt: number,
  runAt: Date,
): Promise<void> {
  // maxAttempts 3: the job's own retries are for a crash or an unreachable database only; the receiver's
  // failures are retried by a new job per attempt, on WEBHOOK_RETRY_DELAYS_MS.
  await enqueueJob(
    tx,
    WEBHOOK_DELIVER_JOB,
    { deliveryId, attempt },
    { runAt, maxAttempts: 3, tenant: organizationId, dedupeKey: `webhook:${deliveryId}:${attempt}` },
  );
}

/** The outcome of one attempt: what the delivery becomes. */
export function nextStep(
  status: number | null,
  refused: boolean,
  attempt: number,
): 'succeeded' | 'gone' | 'failed' | 'retry' {
  if (status !== null && status >= 200 && status < 300) return 'succeeded';
  if (status === 410) return 'gone';
  if (refused || attempt >= WEBHOOK_MAX_ATTEMPTS) return 'failed';
  return 'retry';
}

/** One attempt of one delivery; idempotent (a job run again for an attempt already made does nothing). */
export async function runWebhookDelivery(
  job: JobRecord<{ deliveryId: string; attempt: number }>,
  c: JobContext,
): Promise<void> {
  const { deliveryId, attempt } = job.payload;
  const [found] = await c.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  if (!found) return;
  const { delivery, endpoint } = found;
  if (delivery.status !== 'pending' || delivery.attempts !== attempt - 1) return;
  const started = c.clock.now();
  let outcome: { status: number | null; ms: number; error: string | null; refused: boolean };
  if (!endpoint.enabled) {
    outcome = { status: null, ms: 0, error: 'the endpoint is turned off', refused: true };
  } else {
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(started.getTime() / 1000);
    outcome = await postWebhook(
      endpoint.url,
      body,
      {
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(endpoint.secret, delivery.eventId, timestamp, body),
      },
      {
        allowLoopback: c.config.webhookAllowLoopback,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: WEBHOOK_RESPONSE_MAX_BYTES,
        signal: c.signal,
      },
    );
  }
  if (c.signal.aborted) throw new Error('stopped during a webhook attempt');
  const step = nextStep(outcome.status, outcome.refused, attempt);
  const now = c.clock.now();
  const error =
    outcome.error ??
    (step === 'succeeded'
      ? null
      : step === 'gone'
        ? 'the receiver answered 410 Gone: endpoint turned off'
        : `HTTP ${outcome.status}`);
  const entry: WebhookAttempt = { at: started.toISOString(), status: outcome.status, ms: outcome.ms, error };
  const retryAt =
    step === 'retry' ? new Date(now.getTime() + (WEBHOOK_RETRY_DELAYS_MS[attempt - 1] ?? 21_600_000)) : null;
  await c.db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookDeliveries)
      .set({
        status: step === 'retry' ? 'pending' : step === 'succeeded' ? 'succeeded' : 'failed',
        attempts: attempt,
        responseStatus: outcome.status,
        responseMs: outcome.ms,
        error,
        attemptLog: sql`${webhookDeliveries.attemptLog} || ${JSON.stringify([entry])}::jsonb`,
        lastAttemptAt: started,
        nextAttemptAt: retryAt,
        completedAt: step === 'retry' ? null : now,
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, attempt - 1)))
      .returning({ id: webhookDeliveries.id });
    if (updated.length === 0) return;
    if (retryAt) await scheduleAttempt(tx, delivery.id, delivery.organizationId, attempt + 1, retryAt);
    if (step === 'gone') {
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: 'gone', updatedAt: now })
        .where(eq(webhookEndpoints.id, endpoint.id));
    }
  });
}

/** Deletes finished deliveries older than WEBHOOK_DELIVERIES_KEPT_MS; returns how many. */
export async function pruneWebhookDeliveries(db: DbOrTx, now: Date): Promise<number> {
  const deleted = await db
    .delete(webhookDeliveries)
    .where(
      and(
        ne(webhookDeliveries.status, 'pending'),
        lt(webhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_DELIVERIES_KEPT_MS)),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}

export function registerWebhookJobs(registry: JobRegistry): void {
  registry.registerPeriodic(WEBHOOK_PRUNE_JOB, 24 * 3600_000, async (_job, c) => {
    await pruneWebhookDeliveries(c.db, c.clock.now());
  });
  registry.register<{ deliveryId: string; attempt: number }>(WEBHOOK_DELIVER_JOB, runWebhookDelivery, {
    baseDelayMs: 30_000,
  });
}
