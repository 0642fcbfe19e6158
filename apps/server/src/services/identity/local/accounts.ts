import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Account, AccountClaims, FindAccount } from 'oidc-provider';
import type { Db } from '../../../db/client.ts';
import { localIdpAccounts } from '../../../db/schema/index.ts';

type LocalAccount = typeof localIdpAccounts.$inferSelect;

/** Finds or creates the built-in provider's account of an e-mail address; its `sub` never changes. */
export async function upsertLocalAccount(db: Db, email: string, name: string): Promise<LocalAccount> {
  const [row] = await db
    .insert(localIdpAccounts)
    .values({ sub: randomUUID(), email, name })
    .onConflictDoUpdate({
      target: localIdpAccounts.email,
      set: { name: sql`coalesce(nullif(excluded.name, ''), ${localIdpAccounts.name})` },
    })
    .returning();
  if (!row) throw new Error('local account upsert returned nothing');
  return row;
}

function claimsOf(account: LocalAccount): AccountClaims {
  const name = account.name || account.email.split('@')[0] || account.email;
  const space = name.indexOf(' ');
  return {
    sub: account.sub,
    email: account.email,
    // The development provider stands in for Google's verified addresses (invites match by e-mail).
    email_verified: true,
    name,
    given_name: space < 0 ? name : name.slice(0, space),
    family_name: space < 0 ? '' : name.slice(space + 1),
  };
}

/** oidc-provider's `findAccount`: the claims of a `local_idp_accounts` row. */
export function localFindAccount(db: Db): FindAccount {
  return async (_ctx, sub): Promise<Account | undefined> => {
    const [row] = await db.select().from(localIdpAccounts).where(eq(localIdpAccounts.sub, sub)).limit(1);
    if (!row) return undefined;
    const claims = claimsOf(row);
    return { accountId: row.sub, claims: () => claims };
  };
}
