import { isLoopbackOrigin, type P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organizations } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import type { Authorized } from '../policies/index.ts';
import type { OrganizationRow } from '../policies/membership.ts';
import { recordAudit, type AuditContext } from './audit.ts';

type ManagedOrganization = Authorized<OrganizationRow, typeof P.ORG_EDIT_DETAILS>;

/**
 * https always; http only for this machine's own addresses (a developer's test page) and never in
 * production, where a page served over http could be framed by anyone on the network path.
 */
export function checkEmbedOrigin(origin: string, production: boolean): void {
  if (origin.startsWith('https://')) return;
  if (!production && isLoopbackOrigin(origin)) return;
  const message = production
    ? `${origin}: only https origins may embed signing.`
    : `${origin}: http is allowed for localhost only; use https.`;
  throw new AppError('VALIDATION_FAILED', message, { origins: message }).because('EMBED_ORIGIN_NOT_ALLOWED');
}

/** Replaces the organization's embedding origins (already normalised and unique by the contract). */
export async function setEmbedOrigins(
  db: Db,
  organization: ManagedOrganization,
  who: AuditContext,
  origins: string[],
  production: boolean,
): Promise<string[]> {
  for (const origin of origins) checkEmbedOrigin(origin, production);
  return db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({ embedOrigins: origins })
      .where(eq(organizations.id, organization.id));
    await recordAudit(tx, who, 'embedding.updated', {
      organizationId: organization.id,
      subjectId: organization.id,
      data: { origins },
    });
    return origins;
  });
}
