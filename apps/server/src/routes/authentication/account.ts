import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { setAccountLanguage, setDefaultOrganization } from '../../commands/account-settings.ts';
import { completeSetup } from '../../commands/complete-setup.ts';
import { createOwnedOrganization } from '../../commands/create-organization.ts';
import type { AccountActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { defineRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { presentAccount } from '../../presenters/account.ts';
import { presentSession } from '../../presenters/session.ts';
import { loadAccountView, selectedOrganizationOf } from '../../queries/account.ts';
import { registerSessionRoutes } from './sessions.ts';
import { registerWizardRoutes } from './wizard.ts';

async function accountAndSession(ctx: AppContext, actor: AccountActor) {
  const view = await loadAccountView(ctx.db, actor.account.id, actor.sessionId);
  const session = presentSession(
    { ...view.session, selectedOrganizationId: selectedOrganizationOf(view) },
    view.account,
  );
  return { account: presentAccount(view), session };
}

/**
 * The account-level calls of the authentication area (SPEC §7.1): the account, setup, language,
 * default organization and organization creation; also the wizard and session calls.
 */
export function registerAccountRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.authentication.accounts,
  )(async ({ actor, ctx }) => ({ status: 'OK', ...(await accountAndSession(ctx, actor)) }));

  defineRoute(
    app,
    api.authentication.setup,
  )(async ({ actor, body, ctx }) => {
    await completeSetup(
      ctx.db,
      { clock: ctx.clock, publicUrl: ctx.config.publicUrl, mail: ctx.config.mail },
      { accountId: actor.account.id, sessionId: actor.sessionId },
      body,
      auditOf(actor),
    );
    const { account } = await accountAndSession(ctx, actor);
    return { status: 'OK', account };
  });

  defineRoute(
    app,
    api.authentication.language,
  )(async ({ actor, params, ctx }) => {
    await setAccountLanguage(ctx.db, ctx.clock, actor.account.id, params.code);
    return { status: 'OK', language: params.code };
  });

  defineRoute(
    app,
    api.authentication.setDefault,
  )(async ({ actor, params, ctx }) => {
    await setDefaultOrganization(
      ctx.db,
      ctx.clock,
      { accountId: actor.account.id, sessionId: actor.sessionId },
      params.id,
      auditOf(actor),
    );
    return { status: 'OK', defaultOrganization: params.id };
  });

  defineRoute(
    app,
    api.authentication.createCompany,
  )(async ({ actor, body, ctx }) => {
    if (!actor.account.setupComplete) {
      throw new AppError('SETUP_REQUIRED', 'Finish setting up your account first.');
    }
    const organization = await createOwnedOrganization(
      ctx.db,
      { name: body.name, ownerAccountId: actor.account.id, platform: actor.account.platform },
      auditOf(actor),
    );
    return { status: 'OK', companyId: organization.id };
  });

  registerWizardRoutes(app);
  registerSessionRoutes(app);
}
