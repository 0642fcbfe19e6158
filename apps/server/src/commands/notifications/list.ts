import type { Notification } from '@sinetti/contract';
import { NOTIFICATIONS_PAGE, P } from '@sinetti/contract';
import { and, desc, eq, exists, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  documents,
  memberships,
  notifications,
  organizations,
  roleAssignments,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { holdsPermission } from '../../policies/membership.ts';
import { notFound } from '../../lib/errors.ts';
import { effectiveRolesOf } from '../../queries/documents/columns.ts';

/** The document row of accountSeesDocument(), as `d`. */
const seenDoc = alias(documents, 'd');

/**
 * Whether a notification still concerns its member: it is about an organization they belong to, or
 * invites them to one. A member who left (or was removed) hears nothing more of that organization.
 */
export const stillConcerns = (accountId: string) =>
  or(
    eq(notifications.kind, 'invitation-received'),
    and(
      exists(
        sql`(select 1 from ${memberships} where ${memberships.accountId} = ${accountId} and ${memberships.organizationId} = ${notifications.organizationId})`,
      ),
      documentSeenBy(accountId),
    ),
  );

/**
 * Whether the member may see the document (docs/decisions.md "Document roles"): the owner sees all; anyone
 * else needs documents view (18) and, when the document has effective roles, one of them. The rule of
 * seesDocument() and seenByCaller(), written here for any organization (those take one organization's
 * scope). Every channel that tells a member about a document asks it: the in-app list, the count, the
 * e-mails and digests (stillConcerns) and the sender's own round e-mails (notifySender).
 */
export const accountSeesDocument = (accountId: string, documentId: SQL | AnyPgColumn) => sql`exists (
  select 1 from ${documents} d join ${organizations} o on o.id = d.organization_id
  where d.id = ${documentId} and (o.owner_account_id = ${accountId} or (
    ${holdsPermission(accountId, sql`d.organization_id`, P.DOCUMENTS_VIEW)}
    and coalesce(${effectiveRolesOf(seenDoc)} && array(
      select ra.role_id from ${roleAssignments} ra
      where ra.account_id = ${accountId} and ra.organization_id = d.organization_id), true))))`;

/** The notification's document, if it has one, is one the member may still see: a role taken away hides it. */
const documentSeenBy = (accountId: string) =>
  sql`(${notifications.documentId} is null or ${accountSeesDocument(accountId, notifications.documentId)})`;

/** The member's in-app notifications that still concern them: another's never. */
const visibleTo = (accountId: string) =>
  and(eq(notifications.accountId, accountId), eq(notifications.inApp, true), stillConcerns(accountId));

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
      roleName: n.data.roleName ?? null,
      balance: n.data.balance ?? null,
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
