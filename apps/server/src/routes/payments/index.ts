import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import {
  applyPaymentEvent,
  reconcileSetups,
  startPaymentSetup,
} from '../../commands/billing/payment-setup.ts';
import { requireProvider } from '../../commands/billing/payments.ts';
import { auditOf } from '../../http/audit.ts';
import { defineRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { authorize } from '../../policies/index.ts';
import { presentPaymentMethod } from '../../presenters/billing.ts';
import { activePaymentMethod } from '../../queries/billing-payments.ts';
import { paymentProviderOf } from '../../services/payments/index.ts';
import { registerSandboxPages } from '../../services/payments/sandbox/routes.ts';
import { WebhookSignatureError } from '../../services/payments/types.ts';
import { billingDeps, paymentRateLimit } from './deps.ts';

/** SPEC §7.6 payments/: can-charge and setup (owner), the provider's webhook, and the sandbox's pages. */
export function registerPaymentRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.payments.canCharge,
  )(async ({ actor, ctx, req }) => {
    const { organizationId } = authorize(actor, 'owner');
    const deps = billingDeps(ctx, req);
    const provider = deps.provider;
    if (!provider)
      return { status: 'PAYMENT_METHOD_REQUIRED', paymentMethod: null, provider: null, testMode: false };
    let method = await activePaymentMethod(ctx.db, organizationId, provider.name);
    if (!method) {
      await reconcileSetups(deps, organizationId);
      method = await activePaymentMethod(ctx.db, organizationId, provider.name);
    }
    return {
      status: method ? 'OK' : 'PAYMENT_METHOD_REQUIRED',
      paymentMethod: method ? presentPaymentMethod(method, provider.testMode) : null,
      provider: provider.name,
      testMode: provider.testMode,
    };
  });

  defineRoute(app, api.payments.setup, { rateLimit: paymentRateLimit(app.ctx) })(
    async ({ actor, ctx, req }) => {
      const owner = authorize(actor, 'owner');
      const deps = billingDeps(ctx, req);
      const provider = requireProvider(deps.provider);
      const { redirectUrl } = await startPaymentSetup(deps, {
        owner,
        organizationName: actor.membership.organization.name,
        email: actor.account.email,
        publicUrl: ctx.config.publicUrl,
        audit: auditOf(actor),
      });
      return {
        status: 'PAYMENT_METHOD_REQUIRED',
        redirectUrl,
        provider: provider.name,
        testMode: provider.testMode,
      };
    },
  );

  // The webhook needs the exact bytes the provider signed: JSON stays a Buffer in this scope.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    defineRoute(
      scope,
      api.payments.webhook,
    )(async ({ params, ctx, req }) => {
      const provider = paymentProviderOf(ctx);
      if (!provider?.parseWebhook || provider.name !== params.provider)
        throw new AppError('NOT_FOUND', 'Not found.');
      if (!Buffer.isBuffer(req.body))
        throw new AppError('VALIDATION_FAILED', 'The webhook body must be JSON.');
      let event;
      try {
        event = await provider.parseWebhook(req.body, req.headers);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw new AppError('VALIDATION_FAILED', err.message);
        // Verified, but reading it needed the provider's API: answer 503 so that the provider retries.
        req.log.error({ err }, 'could not read a payment webhook');
        throw new AppError('UNAVAILABLE', 'The payment provider could not be reached.');
      }
      await applyPaymentEvent(ctx.db, event, ctx.clock.now());
      return { status: 'OK', received: true };
    });
  });

  if (app.ctx.config.payments.provider === 'sandbox') registerSandboxPages(app);
}
