import { INVITE_TTL_MS, PENDING_INVITES_MAX, type Language, type P } from '@sinetti/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invites, persons } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { conflict } from '../../lib/errors.ts';
import type { Authorized, AuthorizedScope } from '../../policies/index.ts';
import type { OrganizationRow } from '../../policies/membership.ts';
import { fullNameOf } from '../../presenters/account.ts';
import { countCompanyInvites, isMemberEmail, type InviteRow } from '../../queries/organizations.ts';
import type { MailConfig } from '../../services/mail/config.ts';
import { enqueueMail } from '../../services/mail/index.ts';
import { lockOrganizationForMail, reserveMailQuota } from '../../services/mail/limits.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { notifyInvitee } from '../notifications/notify.ts';

export interface InviteSender {
  accountId: string;
  /** Shown in the e-mail: "{name} invited you to …". */
  name: string;
  /** The e-mail's language: the inviter's (the invitee's is not known yet). */
  language: Language;
}

/** The inviter as the invitation names them (their full name, else their e-mail) and writes to them. */
export async function inviteSenderOf(
  db: DbOrTx,
  account: { id: string; email: string; language: Language },
): Promise<InviteSender> {
  const [person] = await db.select().from(persons).where(eq(persons.accountId, account.id)).limit(1);
  return {
    accountId: account.id,
    name: fullNameOf(person ?? { givenName: '', familyName: '' }, account.email),
    language: account.language,
  };
}

export interface InviteEnv {
  clock: Clock;
  publicUrl: string;
  /** The hourly e-mail limits every invitation counts against (services/mail/limits.ts). */
  mail: MailConfig;
}

/** The e-mailed link: the web app opens the Dashboard, which shows the invite (docs/decisions.md). */
export const inviteLink = (publicUrl: string, token: string) =>
  `${publicUrl}/?invite=${encodeURIComponent(token)}`;

export type InviteOutcome = { status: 'OK'; invite: InviteRow } | { status: 'ALREADY_INVITED' };

/**
 * Invites an address (lower-cased by the contract) to a shared organization and e-mails it a single-use
 * link through the mail outbox, in the caller's transaction. ALREADY_INVITED when the address is a
 * member or has a live invite; an expired pending invite is sent again with a new link. Refuses past
 * PENDING_INVITES_MAX live invites (reason INVITE_LIMIT_REACHED). The e-mail counts against the hourly
 * limits per organization and per recipient (429 RATE_LIMITED, reason MAIL_LIMIT_ORGANIZATION or
 * MAIL_LIMIT_RECIPIENT, rolling the caller's transaction back); ALREADY_INVITED sends nothing and uses none.
 */
export async function createInvite(
  tx: DbOrTx,
  env: InviteEnv,
  organization: Authorized<OrganizationRow, typeof P.ORG_USERS_INVITE>,
  email: string,
  sender: InviteSender,
  audit: AuditContext,
): Promise<InviteOutcome> {
  const now = env.clock.now();
  // The organization's row before the invite's and the mail counters (docs/decisions.md, lock order).
  await lockOrganizationForMail(tx, organization.id);
  if (await isMemberEmail(tx, organization.id, email)) return { status: 'ALREADY_INVITED' };
  const token = randomToken(32);
  const fresh = {
    tokenHash: sha256Hex(token),
    // A new link: whoever opened the previous one has to open this one again.
    linkAccountId: null,
    platform: organization.platform,
    invitedBy: sender.accountId,
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    createdAt: now,
    updatedAt: now,
  };
  const pending = and(
    eq(invites.organizationId, organization.id),
    eq(invites.email, email),
    eq(invites.status, 'pending'),
  );
  const [existing] = await tx.select().from(invites).where(pending).limit(1).for('update');
  if (existing && existing.expiresAt > now) return { status: 'ALREADY_INVITED' };
  if (!existing && (await countCompanyInvites(tx, organization.id, now)) >= PENDING_INVITES_MAX) {
    throw conflict(`An organization can have at most ${PENDING_INVITES_MAX} pending invites.`).because(
      'INVITE_LIMIT_REACHED',
    );
  }
  await reserveMailQuota(tx, env.clock, env.mail, { organizationId: organization.id, recipients: [email] });
  const [invite] = existing
    ? await tx.update(invites).set(fresh).where(eq(invites.id, existing.id)).returning()
    : await tx
        .insert(invites)
        .values({ organizationId: organization.id, email, ...fresh })
        .onConflictDoNothing()
        .returning();
  // A concurrent invite of the same address won the unique pending index.
  if (!invite) return { status: 'ALREADY_INVITED' };
  await enqueueMail(
    tx,
    env.clock,
    {
      to: email,
      lang: sender.language,
      template: 'organization-invite',
      data: {
        organizationName: organization.name,
        inviterName: sender.name,
        link: inviteLink(env.publicUrl, token),
      },
    },
    organization.id,
  );
  await notifyInvitee(tx, now, { organizationId: organization.id, email });
  await recordAudit(tx, audit, existing ? 'invite.resent' : 'invite.created', {
    organizationId: organization.id,
    subjectId: invite.id,
    data: { email },
  });
  return { status: 'OK', invite };
}

/** Cancels a live pending invite of the organization; NOT_FOUND-worthy (false) when there is none. */
export async function cancelInvite(
  tx: DbOrTx,
  clock: Clock,
  remover: AuthorizedScope<typeof P.ORG_USERS_REMOVE>,
  inviteId: string,
  audit: AuditContext,
): Promise<boolean> {
  const { organizationId } = remover;
  const now = clock.now();
  const [invite] = await tx
    .update(invites)
    .set({ status: 'cancelled', tokenHash: null, updatedAt: now })
    .where(
      and(
        eq(invites.id, inviteId),
        eq(invites.organizationId, organizationId),
        eq(invites.status, 'pending'),
        gt(invites.expiresAt, now),
      ),
    )
    .returning({ id: invites.id, email: invites.email });
  if (!invite) return false;
  await recordAudit(tx, audit, 'invite.cancelled', {
    organizationId,
    subjectId: invite.id,
    data: { email: invite.email },
  });
  return true;
}
