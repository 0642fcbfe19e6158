import { P, LOW_BALANCE_NOTICE_CENTS, type NotificationKind } from '@sinetti/contract';
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  documents,
  memberships,
  notifications,
  organizations,
  roleAssignments,
} from '../../db/schema/index.ts';
import type { NotificationData } from '../../db/schema/notifications.ts';
import { enqueueJob } from '../../services/jobs/index.ts';
import { holdsPermission, loadMembership } from '../../policies/membership.ts';
import { accountSeesDocument } from './list.ts';
import { settingsOf } from './settings.ts';

export const NOTIFICATION_MAIL_JOB = 'notifications.mail';

/**
 * The same kind about the same thing is told to a member at most once a day: a role given and taken
 * again, or an invitation sent again, does not become a stream of messages.
 */
const REPEAT_AFTER_MS = 24 * 3600_000;

/** What the member wants e-mailed about it: one message now, a line in tomorrow's digest, or nothing. */
export type EmailDecision = 'mail' | 'digest' | 'none';

export interface NotificationInput {
  accountId: string;
  organizationId: string;
  documentId?: string | null;
  kind: NotificationKind;
  data: NotificationData;
}

/**
 * The one place an event becomes a notification (issue 14 item 2): in the caller's transaction, so it
 * exists exactly when the event does, as the member's settings say: listed in the app or not, e-mailed
 * now (a `notifications.mail` job), kept for the daily digest, or dropped. With `ownMail` the caller
 * sends a richer e-mail of its own when the answer is 'mail' (the sender's round e-mails).
 */
export async function notify(
  tx: DbOrTx,
  at: Date,
  input: NotificationInput,
  options: { ownMail?: boolean } = {},
): Promise<EmailDecision> {
  const settings = await settingsOf(tx, input.accountId);
  const channels = settings.kinds[input.kind];
  if (!channels.inApp && !channels.email) return 'none';
  const decision: EmailDecision = !channels.email ? 'none' : settings.digest ? 'digest' : 'mail';
  const email =
    decision === 'mail' ? (options.ownMail ? 'sent' : 'queued') : decision === 'digest' ? 'digest' : 'none';
  const [row] = await tx
    .insert(notifications)
    .values({ ...input, documentId: input.documentId ?? null, inApp: channels.inApp, email, createdAt: at })
    .returning({ id: notifications.id });
  if (email === 'queued' && row) {
    await enqueueJob(tx, NOTIFICATION_MAIL_JOB, { id: row.id }, { runAt: at, tenant: input.organizationId });
  }
  return decision;
}

async function toldRecently(tx: DbOrTx, at: Date, input: NotificationInput): Promise<boolean> {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, input.accountId),
        eq(notifications.organizationId, input.organizationId),
        eq(notifications.kind, input.kind),
        input.documentId ? eq(notifications.documentId, input.documentId) : undefined,
        gt(notifications.createdAt, new Date(at.getTime() - REPEAT_AFTER_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A signing round, as far as its notifications need it. */
export interface NotifiedRound {
  organizationId: string;
  documentId: string;
  sentBy: string | null;
}

/**
 * Tells the member who sent a round what happened to it: a signee signed or declined, or the round
 * completed. Nobody is told when the sender has left the organization or may no longer see the document;
 * and a sender who signs their own document is not told of their own signature. Answers what the sender wants e-mailed ('none' when
 * nobody is told), so that the caller sends its own round e-mail only when asked (`ownMail`).
 */
export async function notifySender(
  tx: DbOrTx,
  at: Date,
  round: NotifiedRound,
  kind: 'signee-signed' | 'signee-declined' | 'signing-completed',
  signee?: { name: string; email: string },
  options: { ownMail?: boolean } = {},
): Promise<EmailDecision> {
  if (!round.sentBy) return 'none';
  if (!(await loadMembership(tx, round.sentBy, round.organizationId))) return 'none';
  if (signee && kind === 'signee-signed' && (await isOwnAddress(tx, round.sentBy, signee.email)))
    return 'none';
  const [doc] = await tx
    .select({
      name: documents.name,
      seen: accountSeesDocument(round.sentBy, sql`${round.documentId}::uuid`).mapWith(Boolean),
    })
    .from(documents)
    .where(eq(documents.id, round.documentId));
  // A sender who may no longer see the document (its roles changed) hears of it on no channel.
  if (!doc?.seen) return 'none';
  return notify(
    tx,
    at,
    {
      accountId: round.sentBy,
      organizationId: round.organizationId,
      documentId: round.documentId,
      kind,
      data: { documentName: doc?.name ?? '', ...(signee ? { signeeName: signee.name } : {}) },
    },
    options,
  );
}

async function isOwnAddress(tx: DbOrTx, accountId: string, email: string): Promise<boolean> {
  const [own] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), sql`lower(${accounts.email}) = lower(${email})`));
  return own !== undefined;
}

/** An invitation to an address that already has an account tells that account too (its e-mail always goes). */
export async function notifyInvitee(
  tx: DbOrTx,
  at: Date,
  invite: { organizationId: string; email: string },
): Promise<void> {
  const invited = await tx
    .select({ id: accounts.id })
    .from(accounts)
    // Only a verified address: an unverified one must not learn of the invite (docs/decisions.md,
    // "Invitations and unverified e-mail addresses").
    .where(and(sql`lower(${accounts.email}) = lower(${invite.email})`, eq(accounts.emailVerified, true)));
  for (const { id } of invited) {
    const input: NotificationInput = {
      accountId: id,
      organizationId: invite.organizationId,
      kind: 'invitation-received',
      data: { documentName: '' },
    };
    if (!(await toldRecently(tx, at, input))) await notify(tx, at, input);
  }
}

/**
 * A role given to a document or folder tells the members who hold that role (not the one who gave it):
 * they may now see it.
 */
export async function notifyRoleHolders(
  tx: DbOrTx,
  at: Date,
  share: {
    organizationId: string;
    documentId: string;
    documentName: string;
    roleId: string;
    roleName: string;
  },
  actorId: string,
): Promise<void> {
  const holders = await tx
    .select({ accountId: roleAssignments.accountId })
    .from(roleAssignments)
    .where(and(eq(roleAssignments.roleId, share.roleId), ne(roleAssignments.accountId, actorId)));
  for (const { accountId } of holders) {
    const input: NotificationInput = {
      accountId,
      organizationId: share.organizationId,
      documentId: share.documentId,
      kind: 'document-shared',
      data: { documentName: share.documentName, roleName: share.roleName },
    };
    if (!(await toldRecently(tx, at, input))) await notify(tx, at, input);
  }
}

/**
 * A charge that takes the balance from at least LOW_BALANCE_NOTICE_CENTS to below it tells the owner
 * and the members who may see the balance: once per crossing, not on every later charge.
 */
export async function notifyLowBalance(
  tx: DbOrTx,
  at: Date,
  organizationId: string,
  balance: { before: number; after: number },
): Promise<void> {
  if (!(balance.before >= LOW_BALANCE_NOTICE_CENTS && balance.after < LOW_BALANCE_NOTICE_CENTS)) return;
  const viewers = await tx
    .selectDistinct({ accountId: memberships.accountId })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        or(
          eq(organizations.ownerAccountId, memberships.accountId),
          holdsPermission(memberships.accountId, organizationId, P.ORG_VIEW_BALANCE),
        ),
      ),
    );
  for (const { accountId } of viewers) {
    await notify(tx, at, {
      accountId,
      organizationId,
      kind: 'balance-low',
      data: { documentName: '', balance: balance.after },
    });
  }
}
