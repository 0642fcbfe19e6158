import type { Notification, NotificationKind } from '@sinetti/contract';
import { NOTIFICATIONS_PAGE } from '@sinetti/contract';
import { and, desc, eq, exists, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { accounts, documents, memberships, notifications, organizations } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { notFound } from '../lib/errors.ts';
import { loadMembership } from '../policies/membership.ts';

/** A signing round, as far as its notifications need it. */
export interface NotifiedRound {
  organizationId: string;
  documentId: string;
  sentBy: string | null;
}

/**
 * Tells the member who sent a round what happened to it (issue 14 item 2): a signee signed or
 * declined, or the round completed. In the caller's transaction, so it is there exactly when the event
 * is. Nobody is told when the sender has left the organization; and a sender who signs their own
 * document is not told of their own signature.
 */
export async function notifySender(
  tx: DbOrTx,
  at: Date,
  round: NotifiedRound,
  kind: NotificationKind,
  signee?: { name: string; email: string },
): Promise<void> {
  if (!round.sentBy) return;
  if (!(await loadMembership(tx, round.sentBy, round.organizationId))) return;
  if (signee && kind === 'signee-signed' && (await isOwnAddress(tx, round.sentBy, signee.email))) return;
  const [doc] = await tx
    .select({ name: documents.name })
    .from(documents)
    .where(eq(documents.id, round.documentId));
  await tx.insert(notifications).values({
    accountId: round.sentBy,
    organizationId: round.organizationId,
    documentId: round.documentId,
    kind,
    data: { documentName: doc?.name ?? '', ...(signee ? { signeeName: signee.name } : {}) },
    createdAt: at,
  });
}

async function isOwnAddress(tx: DbOrTx, accountId: string, email: string): Promise<boolean> {
  const [own] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), sql`lower(${accounts.email}) = lower(${email})`));
  return own !== undefined;
}

/** The member's notifications in organizations they still belong to: another's, or a left one's, never. */
const visibleTo = (accountId: string) =>
  and(
    eq(notifications.accountId, accountId),
    exists(
      sql`(select 1 from ${memberships} where ${memberships.accountId} = ${accountId} and ${memberships.organizationId} = ${notifications.organizationId})`,
    ),
  );

export async function unreadCount(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(visibleTo(accountId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** One page of the member's notifications, newest first; `before` is the last id of the previous page. */
export async function listNotifications(
  db: DbOrTx,
  accountId: string,
  before: string | undefined,
): Promise<{ notifications: Notification[]; hasMore: boolean }> {
  let after: ReturnType<typeof or> = undefined;
  if (before) {
    const [cursor] = await db
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(visibleTo(accountId), eq(notifications.id, before)));
    if (!cursor) throw notFound('Notification not found.');
    after = or(
      lt(notifications.createdAt, cursor.createdAt),
      and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)),
    );
  }
  const rows = await db
    .select({ n: notifications, organizationName: organizations.name })
    .from(notifications)
    .innerJoin(organizations, eq(organizations.id, notifications.organizationId))
    .where(and(visibleTo(accountId), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE + 1);
  return {
    hasMore: rows.length > NOTIFICATIONS_PAGE,
    notifications: rows.slice(0, NOTIFICATIONS_PAGE).map(({ n, organizationName }) => ({
      id: n.id,
      kind: n.kind,
      created: n.createdAt.toISOString(),
      read: n.readAt !== null,
      organizationId: n.organizationId,
      organizationName,
      documentId: n.documentId,
      documentName: n.data.documentName,
      signeeName: n.data.signeeName ?? null,
    })),
  };
}

/** Marks one of the member's notifications read (NOT_FOUND for anyone else's), or all of them. */
export async function markRead(
  db: DbOrTx,
  clock: Clock,
  accountId: string,
  id: string | 'all',
): Promise<void> {
  const which = id === 'all' ? visibleTo(accountId) : and(visibleTo(accountId), eq(notifications.id, id));
  const done = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${clock.now().toISOString()}::timestamptz)` })
    .where(which)
    .returning({ id: notifications.id });
  if (id !== 'all' && done.length === 0) throw notFound('Notification not found.');
}
