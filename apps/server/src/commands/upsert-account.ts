import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, persons } from '../db/schema/index.ts';
import { recordAudit, type AuditContext } from './audit.ts';
import { createOrganization } from './create-organization.ts';

export interface VerifiedIdentity {
  platform: 'google' | 'microsoft';
  issuer: string;
  sub: string;
  email: string;
  /**
   * Whether the provider vouched for `email` (services/identity/claims.ts sets it on every sign-in).
   * Left out only by identities built in-process (tests), which are treated as verified.
   */
  emailVerified?: boolean | undefined;
  givenName: string;
  familyName: string;
  picture: string | null;
  language?: 'en' | 'fi' | undefined;
}

/**
 * Finds the account of a verified identity, or creates it on first sign-in together with its person
 * and its Personal organization (which it owns and which becomes its default).
 */
export async function upsertAccount(
  db: Db,
  identity: VerifiedIdentity,
  audit: Omit<AuditContext, 'accountId'>,
): Promise<{ account: typeof accounts.$inferSelect; created: boolean }> {
  const emailVerified = identity.emailVerified ?? true;
  return db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.platform, identity.platform),
          eq(accounts.issuer, identity.issuer),
          eq(accounts.subId, identity.sub),
        ),
      )
      .limit(1);
    const found = existing[0];
    if (found) {
      const [updated] = await tx
        .update(accounts)
        .set({
          email: identity.email,
          emailVerified,
          picture: identity.picture ?? found.picture,
          updatedAt: new Date(),
        })
        .where(eq(accounts.id, found.id))
        .returning();
      return { account: updated ?? found, created: false };
    }
    const [account] = await tx
      .insert(accounts)
      .values({
        platform: identity.platform,
        issuer: identity.issuer,
        subId: identity.sub,
        email: identity.email,
        emailVerified,
        picture: identity.picture,
        language: identity.language ?? 'en',
      })
      .returning();
    if (!account) throw new Error('account insert returned nothing');
    await tx
      .insert(persons)
      .values({ accountId: account.id, givenName: identity.givenName, familyName: identity.familyName });
    const who = { ...audit, accountId: account.id };
    const personal = await createOrganization(
      tx,
      { name: 'Personal', ownerAccountId: account.id, platform: identity.platform, isPersonal: true },
      who,
    );
    const [withDefault] = await tx
      .update(accounts)
      .set({ defaultOrganizationId: personal.id })
      .where(eq(accounts.id, account.id))
      .returning();
    await recordAudit(tx, who, 'account.created', {
      subjectId: account.id,
      data: { platform: identity.platform },
    });
    return { account: withDefault ?? account, created: true };
  });
}
