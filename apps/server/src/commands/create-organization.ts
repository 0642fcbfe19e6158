import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { memberships, organizations, roles } from '../db/schema/index.ts';
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

export async function getOrganization(db: DbOrTx, id: string) {
  const rows = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return rows[0] ?? null;
}
