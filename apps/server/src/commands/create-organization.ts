import { OWNED_ORGANIZATIONS_MAX } from '@sinetti/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { accounts, memberships, organizations, roles } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import { DEFAULT_ROLES } from '../policies/default-roles.ts';
import { recordAudit, type AuditContext } from './audit.ts';

export interface CreateOrganizationInput {
  name: string;
  ownerAccountId: string;
  platform: 'google' | 'microsoft';
  isPersonal?: boolean;
}

/** Creates an organization owned (and joined) by the account, with the default roles. Run inside a transaction. */
export async function createOrganization(
  tx: DbOrTx,
  input: CreateOrganizationInput,
  audit: AuditContext,
): Promise<typeof organizations.$inferSelect> {
  const [organization] = await tx
    .insert(organizations)
    .values({
      name: input.name,
      ownerAccountId: input.ownerAccountId,
      platform: input.platform,
      isPersonal: input.isPersonal ?? false,
      plan: input.isPersonal ? 'personal' : 'freemium',
    })
    .returning();
  if (!organization) throw new Error('organization insert returned nothing');
  await tx.insert(memberships).values({ organizationId: organization.id, accountId: input.ownerAccountId });
  await tx.insert(roles).values(DEFAULT_ROLES.map((r) => ({ ...r, organizationId: organization.id })));
  await recordAudit(tx, audit, 'organization.created', {
    organizationId: organization.id,
    subjectId: organization.id,
    data: { name: organization.name, personal: organization.isPersonal },
  });
  return organization;
}

/**
 * Creates an organization the account asked for (not its Personal one), which it owns: at most
 * OWNED_ORGANIZATIONS_MAX of them, counted under the account's row lock so that two concurrent calls cannot
 * both pass the cap (409 ORGANIZATION_LIMIT_REACHED).
 */
export async function createOwnedOrganization(
  db: Db,
  input: Omit<CreateOrganizationInput, 'isPersonal'>,
  audit: AuditContext,
): Promise<typeof organizations.$inferSelect> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, input.ownerAccountId))
      .for('update');
    const [owned] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(organizations)
      .where(eq(organizations.ownerAccountId, input.ownerAccountId));
    if ((owned?.n ?? 0) >= OWNED_ORGANIZATIONS_MAX) {
      throw conflict(`An account can own at most ${OWNED_ORGANIZATIONS_MAX} organizations.`).because(
        'ORGANIZATION_LIMIT_REACHED',
      );
    }
    return createOrganization(tx, input, audit);
  });
}

export async function getOrganization(db: DbOrTx, id: string) {
  const rows = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return rows[0] ?? null;
}
