import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { accounts, persons, webhookDeliveries, webhookEndpoints } from '../db/schema/index.ts';
import { creatorColumns, creatorOf, type Creator } from './creator.ts';
import type { Authorized } from '../policies/index.ts';
import type { MANAGE_WEBHOOKS } from '../policies/webhooks.ts';
import type { OrganizationRow } from '../policies/membership.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface WebhookEndpointView {
  endpoint: WebhookEndpointRow;
  creator: Creator | null;
}

function selectViews(db: DbOrTx) {
  return db
    .select({
      endpoint: webhookEndpoints,
      creator: creatorColumns,
    })
    .from(webhookEndpoints)
    .leftJoin(accounts, eq(accounts.id, webhookEndpoints.createdByAccountId))
    .leftJoin(persons, eq(persons.accountId, accounts.id));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

function toView({ endpoint, creator }: Selected): WebhookEndpointView {
  return { endpoint, creator: creatorOf(creator) };
}

export async function listWebhookEndpoints(
  db: DbOrTx,
  organization: Authorized<OrganizationRow, typeof MANAGE_WEBHOOKS>,
): Promise<WebhookEndpointView[]> {
  const rows = await selectViews(db)
    .where(eq(webhookEndpoints.organizationId, organization.id))
    .orderBy(desc(webhookEndpoints.createdAt), webhookEndpoints.id);
  return rows.map(toView);
}

/** One endpoint by id, whichever organization it is in (the caller authorizes it). */
export async function findWebhookEndpoint(db: DbOrTx, id: string): Promise<WebhookEndpointView | null> {
  const rows = await selectViews(db).where(eq(webhookEndpoints.id, id)).limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

export const DELIVERIES_LISTED = 100;

/** An endpoint's newest deliveries. */
export async function listWebhookDeliveries(
  db: DbOrTx,
  endpoint: Authorized<{ endpoint: WebhookEndpointRow; organizationId: string }, typeof MANAGE_WEBHOOKS>,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpoint.endpoint.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_LISTED);
}

export async function findWebhookDelivery(db: DbOrTx, id: string): Promise<WebhookDeliveryRow | null> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
  return row ?? null;
}
