import type { Language } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, sessions } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { notFound } from '../lib/errors.ts';
import { loadMembership } from '../policies/membership.ts';
import { recordAudit, type AuditContext } from './audit.ts';

export async function setAccountLanguage(
  db: Db,
  clock: Clock,
  accountId: string,
  language: Language,
): Promise<void> {
  await db.update(accounts).set({ language, updatedAt: clock.now() }).where(eq(accounts.id, accountId));
}

/**
 * Makes one of the account's organizations its default, and the calling session's selected one
 * (SPEC §4.4: the default is stored as selected when it changes). NOT_FOUND unless a member.
 */
export async function setDefaultOrganization(
  db: Db,
  clock: Clock,
  who: { accountId: string; sessionId: string },
  organizationId: string,
  audit: AuditContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const membership = await loadMembership(tx, who.accountId, organizationId);
    if (!membership) throw notFound('Organization not found.');
    await tx
      .update(accounts)
      .set({ defaultOrganizationId: organizationId, updatedAt: clock.now() })
      .where(eq(accounts.id, who.accountId));
    await tx
      .update(sessions)
      .set({ selectedOrganizationId: organizationId })
      .where(and(eq(sessions.id, who.sessionId), eq(sessions.accountId, who.accountId)));
    await recordAudit(tx, audit, 'account.default_organization_set', {
      organizationId,
      subjectId: who.accountId,
    });
  });
}
