import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { accounts, memberships, organizations, persons, sessions } from '../db/schema/index.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type PersonRow = typeof persons.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Everything the account presenter needs, read for one account and one of its sessions. */
export interface AccountView {
  account: AccountRow;
  person: PersonRow;
  /** The account's own Personal organization first, then the others by name. */
  organizations: OrganizationRow[];
  session: SessionRow;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Orders organizations as the account sees them: its Personal organization first, then by name. */
export function orderOrganizations(list: OrganizationRow[], accountId: string): OrganizationRow[] {
  const mine = (o: OrganizationRow) => (o.isPersonal && o.ownerAccountId === accountId ? 0 : 1);
  return [...list].sort(
    (a, b) => mine(a) - mine(b) || byName.compare(a.name, b.name) || a.id.localeCompare(b.id),
  );
}

/** The organizations the account is a member of. */
export async function listMemberOrganizations(db: DbOrTx, accountId: string): Promise<OrganizationRow[]> {
  const rows = await db
    .select({ organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.accountId, accountId));
  return orderOrganizations(
    rows.map((r) => r.organization),
    accountId,
  );
}

export async function loadAccountView(
  db: DbOrTx,
  accountId: string,
  sessionId: string,
): Promise<AccountView> {
  const [accountRows, personRows, organizationList, sessionRows] = await Promise.all([
    db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1),
    db.select().from(persons).where(eq(persons.accountId, accountId)).limit(1),
    listMemberOrganizations(db, accountId),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId)))
      .limit(1),
  ]);
  const account = accountRows[0];
  const person = personRows[0];
  const session = sessionRows[0];
  if (!account || !person || !session) {
    throw new Error(`account ${accountId} is missing its row, person or session`);
  }
  return { account, person, organizations: organizationList, session };
}

/** The account's default organization if it is still a member, else its Personal organization. */
export function defaultOrganizationOf(view: Pick<AccountView, 'account' | 'organizations'>): string {
  const { account, organizations: list } = view;
  const stored = list.find((o) => o.id === account.defaultOrganizationId);
  const fallback = stored ?? list[0];
  if (!fallback) throw new Error(`account ${account.id} belongs to no organization`);
  return fallback.id;
}

/** The session's selected organization if the account is still a member, else the default one. */
export function selectedOrganizationOf(view: AccountView): string {
  const selected = view.organizations.find((o) => o.id === view.session.selectedOrganizationId);
  return selected?.id ?? defaultOrganizationOf(view);
}
