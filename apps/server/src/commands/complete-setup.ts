import { P, type Language } from '@sinetti/contract';
import { eq, and } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, persons, sessions } from '../db/schema/index.ts';
import { AppError, conflict } from '../lib/errors.ts';
import { recordAudit, type AuditContext } from './audit.ts';
import { createOrganization } from './create-organization.ts';
import { createInvite, type InviteEnv } from './organizations/invites.ts';
import { asCreator } from '../policies/index.ts';
import { fullNameOf } from '../presenters/account.ts';
import { cleanInviteRows } from './wizard.ts';

export interface SetupInput {
  /** At most one organization name (validated by the contract). */
  companies: string[];
  /** Invite rows as typed: empty rows are ignored. */
  invites: string[];
  language: Language;
}

export interface SetupResult {
  organizationId: string | null;
  invited: string[];
}

/**
 * Completes the setup wizard in one transaction: creates the organization (which becomes the default
 * and the session's selected one), invites (and e-mails) the listed addresses, saves the language and marks setup
 * complete. A second call answers CONFLICT.
 */
export async function completeSetup(
  db: Db,
  env: InviteEnv,
  who: { accountId: string; sessionId: string },
  input: SetupInput,
  audit: AuditContext,
): Promise<SetupResult> {
  const name = input.companies[0];
  const rows = cleanInviteRows(input.invites, 'invites');
  if (name === undefined && rows.length > 0) {
    const message = 'Invites need an organization: add its name or remove the invites.';
    throw new AppError('VALIDATION_FAILED', message, { invites: message });
  }
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, who.accountId)).for('update');
    if (!account) throw new Error(`account ${who.accountId} not found`);
    if (account.setupComplete) throw conflict('Setup is already complete.').because('SETUP_COMPLETE');
    const now = env.clock.now();
    const own = account.email.toLowerCase();
    const emails = [...new Set(rows.map((e) => e.toLowerCase()))].filter((e) => e !== own);

    let organizationId: string | null = null;
    if (name !== undefined) {
      const organization = await createOrganization(
        tx,
        { name, ownerAccountId: account.id, platform: account.platform },
        audit,
      );
      organizationId = organization.id;
      const [person] = await tx.select().from(persons).where(eq(persons.accountId, account.id)).limit(1);
      const sender = {
        accountId: account.id,
        name: fullNameOf(person ?? { givenName: '', familyName: '' }, account.email),
        language: input.language,
      };
      const inviter = asCreator(organization, account.id, P.ORG_USERS_INVITE);
      for (const email of emails) {
        await createInvite(tx, env, inviter, email, sender, audit);
      }
      await tx
        .update(sessions)
        .set({ selectedOrganizationId: organization.id })
        .where(and(eq(sessions.id, who.sessionId), eq(sessions.accountId, account.id)));
    }

    await tx
      .update(accounts)
      .set({
        language: input.language,
        setupComplete: true,
        defaultOrganizationId: organizationId ?? account.defaultOrganizationId,
        updatedAt: now,
      })
      .where(eq(accounts.id, account.id));
    await recordAudit(tx, audit, 'account.setup_completed', {
      organizationId,
      subjectId: account.id,
      data: {
        organizationCreated: organizationId !== null,
        invites: emails.length,
        language: input.language,
      },
    });
    return { organizationId, invited: emails };
  });
}
