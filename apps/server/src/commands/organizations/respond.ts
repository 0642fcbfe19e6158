import { and, eq, gt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { accounts, invites, sessions } from '../../db/schema/index.ts';
import type { AccountActor, AccountRow } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { acceptInviteRule } from '../../policies/organizations.ts';
import { invitesOfAccount } from '../../queries/organizations.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { joinOrganization } from './members.ts';

/**
 * The caller's own live invite, locked: pending, unexpired and addressed to the account's e-mail (for an
 * unverified address, only one whose e-mailed link the account opened: queries/organizations.ts
 * invitesOfAccount). Anything else (unknown id, someone else's, used, expired, unproven) is the same
 * NOT_FOUND.
 */
async function lockOwnInvite(tx: DbOrTx, account: AccountRow, inviteId: string, now: Date) {
  const [invite] = await tx
    .select()
    .from(invites)
    .where(
      and(
        eq(invites.id, inviteId),
        invitesOfAccount(account),
        eq(invites.status, 'pending'),
        gt(invites.expiresAt, now),
      ),
    )
    .limit(1)
    .for('update');
  if (!invite) throw notFound('Invite not found.');
  return invite;
}

type InviteRow = Awaited<ReturnType<typeof lockOwnInvite>>;

/** Records the caller's answer: the invite is used up (its link stops working) and the audit names it. */
async function answerInvite(
  tx: DbOrTx,
  invite: InviteRow,
  answer: { status: 'accepted' | 'declined'; account: AccountRow; now: Date; audit: AuditContext },
): Promise<void> {
  const { status, account, now, audit } = answer;
  await tx
    .update(invites)
    .set({ status, tokenHash: null, respondedBy: account.id, updatedAt: now })
    .where(eq(invites.id, invite.id));
  await recordAudit(tx, audit, status === 'accepted' ? 'invite.accepted' : 'invite.declined', {
    organizationId: invite.organizationId,
    subjectId: invite.id,
    data: { email: invite.email },
  });
}

/**
 * An invitee who joins before finishing setup needs no organization wizard: setup is complete, the joined
 * organization is the account's default and this session's selected one (docs/decisions.md, "The invited
 * colleague's first minutes"). Conditional on setup still being open, so a concurrent setup wins or loses
 * cleanly; an account that had finished setup keeps its default.
 */
async function finishSetupByJoining(
  tx: DbOrTx,
  who: AccountActor,
  organizationId: string,
  now: Date,
  audit: AuditContext,
): Promise<void> {
  const done = await tx
    .update(accounts)
    .set({ setupComplete: true, defaultOrganizationId: organizationId, updatedAt: now })
    .where(and(eq(accounts.id, who.account.id), eq(accounts.setupComplete, false)))
    .returning({ id: accounts.id });
  if (done.length === 0) return;
  await tx
    .update(sessions)
    .set({ selectedOrganizationId: organizationId })
    .where(and(eq(sessions.id, who.sessionId), eq(sessions.accountId, who.account.id)));
  await recordAudit(tx, audit, 'account.setup_completed', {
    organizationId,
    subjectId: who.account.id,
    data: { organizationCreated: false, joinedByInvite: true, invites: 0, language: who.account.language },
  });
}

/**
 * Accepts one of the caller's invites: joins the organization with its default role and uses the invite
 * up; an account still in the setup wizard finishes setup with it (finishSetupByJoining). An account of
 * the other platform is refused (CONFLICT, reason INVITE_PLATFORM_MISMATCH).
 */
export async function acceptInvite(
  db: Db,
  clock: Clock,
  who: AccountActor,
  inviteId: string,
  audit: AuditContext,
): Promise<string> {
  const { account } = who;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const invite = await lockOwnInvite(tx, account, inviteId, now);
    if (acceptInviteRule(invite, account.platform)) {
      throw conflict(
        `This invitation is for ${invite.platform} accounts; you are signed in with ${account.platform}.`,
      ).because('INVITE_PLATFORM_MISMATCH', { accountPlatform: account.platform });
    }
    await answerInvite(tx, invite, { status: 'accepted', account, now, audit });
    await joinOrganization(tx, invite.organizationId, account.id, audit);
    await finishSetupByJoining(tx, who, invite.organizationId, now, audit);
    return invite.organizationId;
  });
}

/** Declines one of the caller's invites; the link stops working. */
export async function declineInvite(
  db: Db,
  clock: Clock,
  account: AccountRow,
  inviteId: string,
  audit: AuditContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = clock.now();
    const invite = await lockOwnInvite(tx, account, inviteId, now);
    await answerInvite(tx, invite, { status: 'declined', account, now, audit });
  });
}

/**
 * The e-mailed link was opened by the signed-in account: holding the token proves the mailbox, so this
 * account may now see and answer the invite even when its provider did not verify its address. Only a
 * live invite addressed to the account's e-mail is marked; false for anything else.
 */
export async function openInviteLink(
  db: DbOrTx,
  clock: Clock,
  account: AccountRow,
  tokenHash: string,
): Promise<boolean> {
  const now = clock.now();
  const rows = await db
    .update(invites)
    .set({ linkAccountId: account.id })
    .where(
      and(
        eq(invites.tokenHash, tokenHash),
        eq(invites.email, account.email.toLowerCase()),
        eq(invites.status, 'pending'),
        gt(invites.expiresAt, now),
      ),
    )
    .returning({ id: invites.id });
  return rows.length > 0;
}
