import type { Language } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, persons } from '../../db/schema/index.ts';

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
