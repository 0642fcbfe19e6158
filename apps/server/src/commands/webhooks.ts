import { WEBHOOK_ENDPOINTS_MAX, type WebhookCreateBody, type WebhookUpdateBody } from '@sinetti/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organizations, webhookEndpoints } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import type { Authorized } from '../policies/index.ts';
import type { MANAGE_WEBHOOKS } from '../policies/webhooks.ts';
import type { OrganizationRow } from '../policies/membership.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../queries/webhooks.ts';
import { literalAddress, refusedAddress } from '../services/webhooks/address.ts';
import { newWebhookSecret, queueDelivery } from '../services/webhooks/index.ts';
import { recordAudit, type AuditContext } from './audit.ts';

type Manage = typeof MANAGE_WEBHOOKS;
type ManagedOrganization = Authorized<OrganizationRow, Manage>;
type ManagedEndpoint = Authorized<{ endpoint: WebhookEndpointRow; organizationId: string }, Manage>;
type ManagedDelivery = Authorized<WebhookDeliveryRow, Manage>;
type Who = AuditContext & { accountId: string };

/**
 * A URL whose host is an IP address the delivery would refuse is refused at once (400), so the mistake
 * shows where it is made. A host name is checked at every delivery (its addresses may change).
 */
function checkUrl(url: string, allowLoopback: boolean): void {
  const literal = literalAddress(new URL(url).hostname);
  const why = literal && refusedAddress(literal, allowLoopback);
  if (why) {
    throw new AppError('VALIDATION_FAILED', `Webhooks are not delivered to ${why}.`, {
      url: 'Not a public address.',
    });
  }
}

export async function createWebhookEndpoint(
  db: Db,
  clock: Clock,
  organization: ManagedOrganization,
  who: Who,
  input: WebhookCreateBody,
  allowLoopback: boolean,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  checkUrl(input.url, allowLoopback);
  const now = clock.now();
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${organizations} where id = ${organization.id} for no key update`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organizationId, organization.id));
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new AppError(
        'CONFLICT',
        `An organization has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
      ).because('WEBHOOK_LIMIT_REACHED');
    }
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        organizationId: organization.id,
        url: input.url,
        secret,
        events: [...input.events],
        enabled: input.enabled ?? true,
        createdByAccountId: who.accountId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('webhook endpoint insert returned nothing');
    await recordAudit(tx, who, 'webhook.created', {
      organizationId: organization.id,
      subjectId: inserted.id,
      data: { url: inserted.url, events: inserted.events },
    });
    return inserted;
  });
  return { row, secret };
}

export async function updateWebhookEndpoint(
  db: Db,
  clock: Clock,
  endpoint: ManagedEndpoint,
  who: Who,
  input: WebhookUpdateBody,
  allowLoopback: boolean,
): Promise<void> {
  if (input.url !== undefined) checkUrl(input.url, allowLoopback);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: [...input.events] } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled, disabledReason: null } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, endpoint.endpoint.id));
    await recordAudit(tx, who, 'webhook.updated', {
      organizationId: endpoint.organizationId,
      subjectId: endpoint.endpoint.id,
      data: { ...input },
    });
  });
}

export async function deleteWebhookEndpoint(db: Db, endpoint: ManagedEndpoint, who: Who): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.endpoint.id));
    await recordAudit(tx, who, 'webhook.deleted', {
      organizationId: endpoint.organizationId,
      subjectId: endpoint.endpoint.id,
      data: { url: endpoint.endpoint.url },
    });
  });
}

export async function rotateWebhookSecret(
  db: Db,
  clock: Clock,
  endpoint: ManagedEndpoint,
  who: Who,
): Promise<string> {
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({ secret, updatedAt: clock.now() })
      .where(eq(webhookEndpoints.id, endpoint.endpoint.id));
    await recordAudit(tx, who, 'webhook.secret_rotated', {
      organizationId: endpoint.organizationId,
      subjectId: endpoint.endpoint.id,
    });
  });
  return secret;
}

/** A new delivery of the same event (same event id and payload) to the same endpoint, due now. */
export async function redeliverWebhook(
  db: Db,
  clock: Clock,
  delivery: ManagedDelivery,
  who: Who,
): Promise<string> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const id = await queueDelivery(tx, {
      endpointId: delivery.endpointId,
      organizationId: delivery.organizationId,
      eventId: delivery.eventId,
      type: delivery.type,
      payload: delivery.payload,
      at: now,
    });
    await recordAudit(tx, who, 'webhook.redelivered', {
      organizationId: delivery.organizationId,
      subjectId: delivery.endpointId,
      data: { eventId: delivery.eventId, from: delivery.id, delivery: id },
    });
    return id;
  });
}
