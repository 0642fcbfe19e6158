import { api, P } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  redeliverWebhook,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../../commands/webhooks.ts';
import { auditOf } from '../../http/audit.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { defineRoute } from '../../http/route.ts';
import { can } from '../../policies/index.ts';
import { authorizeWebhookManager, authorizeWebhookSubject } from '../../policies/webhooks.ts';
import { presentWebhookDelivery, presentWebhookEndpoint } from '../../presenters/webhooks.ts';
import {
  findWebhookDelivery,
  findWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
} from '../../queries/webhooks.ts';
import { registerWebhookJobs } from '../../services/webhooks/index.ts';

const seesEmail = (actor: OrganizationActor) => can(actor, P.USERS_VIEW_DETAILS);
const who = (actor: OrganizationActor) => ({ ...auditOf(actor), accountId: actor.account.id });

/** The organization's webhook endpoints and their deliveries (issue #34 item 2). */
export function registerWebhookRoutes(app: FastifyInstance): void {
  registerWebhookJobs(app.jobs.registry);
  const allowLoopback = app.ctx.config.webhookAllowLoopback;

  const endpointOf = async (actor: OrganizationActor, id: string) => {
    const view = await findWebhookEndpoint(app.ctx.db, id);
    return authorizeWebhookSubject(actor, view && { ...view, organizationId: view.endpoint.organizationId });
  };

  defineRoute(
    app,
    api.webhooks.list,
  )(async ({ actor, ctx }) => {
    const organization = authorizeWebhookManager(actor);
    const rows = await listWebhookEndpoints(ctx.db, organization);
    return { status: 'OK', webhooks: rows.map((r) => presentWebhookEndpoint(r, seesEmail(actor))) };
  });

  defineRoute(
    app,
    api.webhooks.create,
  )(async ({ actor, body, ctx }) => {
    const organization = authorizeWebhookManager(actor);
    const { row, secret } = await createWebhookEndpoint(
      ctx.db,
      ctx.clock,
      organization,
      who(actor),
      body,
      allowLoopback,
    );
    const view = await findWebhookEndpoint(ctx.db, row.id);
    if (!view) throw new Error('the new webhook endpoint vanished');
    return { status: 'OK', webhook: presentWebhookEndpoint(view, seesEmail(actor)), secret };
  });

  defineRoute(
    app,
    api.webhooks.update,
  )(async ({ actor, params, body, ctx }) => {
    const endpoint = await endpointOf(actor, params.id);
    await updateWebhookEndpoint(ctx.db, ctx.clock, endpoint, who(actor), body, allowLoopback);
    const view = await findWebhookEndpoint(ctx.db, params.id);
    if (!view) throw new Error('the webhook endpoint vanished');
    return { status: 'OK', webhook: presentWebhookEndpoint(view, seesEmail(actor)) };
  });

  defineRoute(
    app,
    api.webhooks.remove,
  )(async ({ actor, params, ctx }) => {
    const endpoint = await endpointOf(actor, params.id);
    await deleteWebhookEndpoint(ctx.db, endpoint, who(actor));
    return { status: 'OK', id: params.id };
  });

  defineRoute(
    app,
    api.webhooks.secret,
  )(async ({ actor, params }) => {
    const endpoint = await endpointOf(actor, params.id);
    return { status: 'OK', secret: endpoint.endpoint.secret };
  });

  defineRoute(
    app,
    api.webhooks.rotateSecret,
  )(async ({ actor, params, ctx }) => {
    const endpoint = await endpointOf(actor, params.id);
    const secret = await rotateWebhookSecret(ctx.db, ctx.clock, endpoint, who(actor));
    return { status: 'OK', secret };
  });

  defineRoute(
    app,
    api.webhooks.deliveries,
  )(async ({ actor, params, ctx }) => {
    const endpoint = await endpointOf(actor, params.id);
    const rows = await listWebhookDeliveries(ctx.db, endpoint);
    return { status: 'OK', deliveries: rows.map(presentWebhookDelivery) };
  });

  defineRoute(
    app,
    api.webhooks.redeliver,
  )(async ({ actor, params, ctx }) => {
    const delivery = authorizeWebhookSubject(actor, await findWebhookDelivery(ctx.db, params.id));
    const id = await redeliverWebhook(ctx.db, ctx.clock, delivery, who(actor));
    const row = await findWebhookDelivery(ctx.db, id);
    if (!row) throw new Error('the new delivery vanished');
    return { status: 'OK', delivery: presentWebhookDelivery(row) };
  });
}
