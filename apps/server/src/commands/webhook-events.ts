import type { WebhookEventType } from '@sinetti/contract';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { documents, signees, signingEvents } from '../db/schema/index.ts';
import { enqueueWebhook } from '../services/webhooks/index.ts';
import type { SigningEventRow } from './signing/audit-chain.ts';

/** The signing events that are webhook events (issue #34 item 2), by their chain type. */
const BY_CHAIN_TYPE: Partial<Record<string, WebhookEventType>> = {
  sent: 'document.sent',
  viewed: 'document.viewed',
  signed: 'document.signed',
  declined: 'document.declined',
  completed: 'document.completed',
  'round.expired': 'document.expired',
  cancelled: 'document.cancelled',
};

/**
 * Called by appendSigningEvent in the transaction of the change: queues the webhook of a signing event.
 * `document.viewed` only for a signee's first view in the round (a later session's view is not news).
 */
export async function webhookOfSigningEvent(tx: DbOrTx, event: SigningEventRow): Promise<void> {
  const type = BY_CHAIN_TYPE[event.type];
  if (!type) return;
  if (type === 'document.viewed' && event.processId && event.signeeId) {
    const [views] = await tx
      .select({ n: count() })
      .from(signingEvents)
      .where(
        and(
          eq(signingEvents.processId, event.processId),
          eq(signingEvents.signeeId, event.signeeId),
          eq(signingEvents.type, 'viewed'),
        ),
      );
    if ((views?.n ?? 0) > 1) return;
  }
  const [doc] = await tx
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(eq(documents.id, event.documentId))
    .limit(1);
  const [signee] = event.signeeId
    ? await tx
        .select({
          id: signees.id,
          email: signees.email,
          givenName: signees.givenName,
          familyName: signees.familyName,
        })
        .from(signees)
        .where(eq(signees.id, event.signeeId))
        .limit(1)
    : [];
  const data = event.data as Record<string, unknown>;
  await enqueueWebhook(tx, {
    organizationId: event.organizationId,
    type,
    at: event.at,
    data: {
      organizationId: event.organizationId,
      document: { id: event.documentId, name: doc?.name ?? null },
      processId: event.processId,
      round: typeof data.round === 'number' ? data.round : null,
      ...(signee
        ? {
            signee: {
              id: signee.id,
              email: signee.email,
              name: `${signee.givenName} ${signee.familyName}`.trim(),
            },
          }
        : {}),
      ...(type === 'document.declined'
        ? { reason: typeof data.reason === 'string' ? data.reason : null }
        : {}),
    },
  });
}

/** `balance.low`: the balance crossed below LOW_BALANCE_NOTICE_CENTS (the same crossing as the notice). */
export async function webhookOfLowBalance(
  tx: DbOrTx,
  at: Date,
  organizationId: string,
  balanceCents: number,
): Promise<void> {
  await enqueueWebhook(tx, {
    organizationId,
    type: 'balance.low',
    at,
    data: { organizationId, balanceCents },
  });
}
