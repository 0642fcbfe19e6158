import type { Language } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, organizations, persons } from '../../db/schema/index.ts';

/** An account's name for e-mails (given and family name, or the e-mail), its address and language. */
export async function accountContact(
  db: DbOrTx,
  accountId: string | null,
): Promise<{ name: string; email: string; lang: Language } | null> {
  if (!accountId) return null;
  const [row] = await db
    .select({ account: accounts, givenName: persons.givenName, familyName: persons.familyName })
    .from(accounts)
    .leftJoin(persons, eq(persons.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row) return null;
  const name = `${row.givenName ?? ''} ${row.familyName ?? ''}`.trim();
  return { name: name || row.account.email, email: row.account.email, lang: row.account.language };
}

type Round = { organizationId: string; sentBy: string | null };

/**
 * Who asks for the signature: the sender's name and the name the signee sees for the requester, the
 * organization's name or, for a personal organization, the sender's name. Null names when they are not
 * known any more (the organization or the sender's account is gone). One lookup for the public signing
 * pages and the reminder e-mails, so that they name the requester alike.
 */
export async function requesterOf(
  db: DbOrTx,
  process: Round,
): Promise<{ senderName: string | null; organizationName: string | null }> {
  const sender = await accountContact(db, process.sentBy);
  const [org] = await db
    .select({ name: organizations.name, isPersonal: organizations.isPersonal })
    .from(organizations)
    .where(eq(organizations.id, process.organizationId))
    .limit(1);
  const senderName = sender?.name ?? null;
  if (!org) return { senderName, organizationName: null };
  return { senderName, organizationName: org.isPersonal ? senderName : org.name };
}

/**
 * The requester's name as the public signing pages show it (see requesterOf). Nothing else about the
 * organization leaves the server. Null when it is not known any more.
 */
export async function requesterName(db: DbOrTx, process: Round): Promise<string | null> {
  return (await requesterOf(db, process)).organizationName;
}
