import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { readWizard, updateWizard } from '../../commands/account-wizard.ts';
import {
  goToStep,
  initialWizard,
  saveStep,
  skipStep,
  startWizard,
  validateStepData,
} from '../../commands/wizard.ts';
import { defineRoute } from '../../http/route.ts';

/** The setup wizard calls (SPEC §2.6, §4.5); all answer CONFLICT once setup is complete. */
export function registerWizardRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.authentication.wizardSteps,
  )(async ({ actor, ctx }) => ({ status: 'OK', wizard: await readWizard(ctx.db, actor.account.id) }));

  defineRoute(
    app,
    api.authentication.wizardStart,
  )(async ({ actor, ctx }) => ({
    status: 'OK',
    wizard: await updateWizard(ctx.db, ctx.clock, actor.account.id, startWizard),
  }));

  defineRoute(
    app,
    api.authentication.wizardSkip,
  )(async ({ actor, ctx }) => ({
    status: 'OK',
    wizard: await updateWizard(ctx.db, ctx.clock, actor.account.id, skipStep),
  }));

  defineRoute(
    app,
    api.authentication.wizardStepGo,
  )(async ({ actor, params, ctx }) => ({
    status: 'OK',
    wizard: await updateWizard(ctx.db, ctx.clock, actor.account.id, (w) => goToStep(w, params.id)),
  }));

  defineRoute(
    app,
    api.authentication.wizardStepSave,
  )(async ({ actor, params, body, ctx }) => {
    const data = validateStepData(params.id, body.data);
    return {
      status: 'OK',
      wizard: await updateWizard(ctx.db, ctx.clock, actor.account.id, (w) => saveStep(w, params.id, data)),
    };
  });

  defineRoute(
    app,
    api.authentication.wizardReset,
  )(async ({ actor, ctx }) => ({
    status: 'OK',
    wizard: await updateWizard(ctx.db, ctx.clock, actor.account.id, initialWizard),
  }));
}
