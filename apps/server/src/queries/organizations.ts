import type { P } from '@sinetti/contract';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { accounts, invites, memberships, organizations, persons } from '../db/schema/index.ts';
import type { AuthorizedScope } from '../policies/index.ts';
import { assignedRolesOf } from '../policies/membership.ts';

export type InviteRow = typeof invites.$inferSelect;

/** The members of an organization with their names, addresses and roles, oldest member first. */
export async function listMembers(db: DbOrTx, viewer: AuthorizedScope<typeof P.ORG_VIEW_USERS>) {
  const { organizationId } = viewer;
  return db
    .select({
      accountId: accounts.id,
      email: accounts.email,
      givenName: persons.givenName,
      familyName: persons.familyName,
      roles: assignedRolesOf(accounts.id, memberships.organizationId),
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .innerJoin(persons, eq(persons.accountId, accounts.id))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(memberships.createdAt), asc(accounts.id));
}

/** Whether the account is a member of the organization. */
export async function isMember(db: DbOrTx, organizationId: string, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.accountId, accountId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether an account with this (lower-cased) address is a member of the organization. */
export async function isMemberEmail(db: DbOrTx, organizationId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.organizationId, organizationId), sql`lower(${accounts.email}) = ${email}`))
    .limit(1);
  return rows.length > 0;
}

/** Pending invites that can still be accepted. */
const live = (now: Date) => and(eq(invites.status, 'pending'), gt(invites.expiresAt, now));

/** An organization's pending, unexpired invites, newest first. */
export async function listCompanyInvites(
  db: DbOrTx,
  viewer: AuthorizedScope<typeof P.ORG_VIEW_USERS>,
  now: Date,
) {
  const { organizationId } = viewer;
  return db
    .select()
    .from(invites)
    .where(and(eq(invites.organizationId, organizationId), live(now)))
    .orderBy(sql`${invites.createdAt} desc`, asc(invites.id));
}

/** Counts an organization's pending, unexpired invites (the PENDING_INVITES_MAX cap). */
export async function countCompanyInvites(db: DbOrTx, organizationId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invites)
    .where(and(eq(invites.organizationId, organizationId), live(now)));
  return row?.n ?? 0;
}

const accountInviteColumns = {
  invite: invites,
  company: organizations.name,
  inviterGiven: persons.givenName,
  inviterFamily: persons.familyName,
  inviterEmail: accounts.email,
};

function accountInvitesQuery(db: DbOrTx) {
  return db
    .select(accountInviteColumns)
    .from(invites)
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .leftJoin(accounts, eq(accounts.id, invites.invitedBy))
    .leftJoin(persons, eq(persons.accountId, invites.invitedBy));
}

export type AccountInviteRow = Awaited<ReturnType<typeof listAccountInvites>>[number];

/** What an account needs to be matched with invites by e-mail address. */
export interface InviteeAccount {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * The invites an account may see and answer: addressed to its e-mail (stored lower-cased), and, when
 * its provider did not verify that address, only those whose e-mailed link it has opened (nOAuth,
 * docs/decisions.md "Invitations and unverified e-mail addresses").
 */
export function invitesOfAccount(account: InviteeAccount): SQL {
  const addressed = eq(invites.email, account.email.toLowerCase());
  return account.emailVerified ? addressed : (and(addressed, eq(invites.linkAccountId, account.id)) as SQL);
}

/** The pending, unexpired invites the account may answer (invitesOfAccount), newest first. */
export async function listAccountInvites(db: DbOrTx, account: InviteeAccount, now: Date) {
  return accountInvitesQuery(db)
    .where(and(invitesOfAccount(account), live(now)))
    .orderBy(sql`${invites.createdAt} desc`, asc(invites.id));
}

/** The live invite with this link token, addressed to `email`; null for anything else. */
export async function findAccountInviteByToken(db: DbOrTx, tokenHash: string, email: string, now: Date) {
  const rows = await accountInvitesQuery(db)
    .where(and(eq(invites.tokenHash, tokenHash), eq(invites.email, email.toLowerCase()), live(now)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The name of the organization a live invite link is to, for the sign-in page the link leads to before
 * anyone is signed in; null for an unknown, used, expired or cancelled link. Nothing else of the invite.
 */
export async function inviteOrganizationNameByToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(invites)
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .where(and(eq(invites.tokenHash, tokenHash), live(now)))
    .limit(1);
  return row?.name ?? null;
}
