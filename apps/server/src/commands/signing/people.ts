import type { Language } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, persons } from '../../db/schema/index.ts';
import { PdfReader } from '../../services/pdf/syntax/reader.ts';

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

/** Pages of a PDF, read from its page tree without parsing the content. */
export function countPages(pdf: Uint8Array): number {
  const reader = new PdfReader(pdf);
  const pages = reader.dict(reader.dict(reader.trailer.get('Root'))?.get('Pages'))?.get('Count');
  return typeof pages === 'number' && pages > 0 ? pages : 1;
}
