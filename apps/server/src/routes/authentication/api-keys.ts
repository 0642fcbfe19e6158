import { api, P } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { createApiKey, revokeApiKey } from '../../commands/api-keys.ts';
import { auditOf } from '../../http/audit.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { defineRoute } from '../../http/route.ts';
import {
  apiKeyGrantRule,
  authorizeApiKey,
  authorizeApiKeyManager,
  grantableByActor,
} from '../../policies/api-keys.ts';
import { can } from '../../policies/index.ts';
import { presentApiKey } from '../../presenters/api-keys.ts';
import { findApiKey, listApiKeys } from '../../queries/api-keys.ts';

const seesEmail = (actor: OrganizationActor) => can(actor, P.USERS_VIEW_DETAILS);

/** The organization's API keys (SPEC §7.1 apikey-requests, apikey/{id}, apikey/none; issue #34 item 1). */
export function registerApiKeyRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.apiKeys.apiKeyRequests,
  )(async ({ actor, ctx }) => {
    const organization = authorizeApiKeyManager(actor);
    const rows = await listApiKeys(ctx.db, organization);
    const now = ctx.clock.now();
    return { status: 'OK', apiKeys: rows.map((r) => presentApiKey(r, now, seesEmail(actor))) };
  });

  defineRoute(
    app,
    api.apiKeys.apiKey,
  )(async ({ actor, params, ctx }) => {
    if (params.id === 'none') {
      authorizeApiKeyManager(actor);
      return { status: 'OK', apiKey: null, grantable: grantableByActor(actor) };
    }
    const view = await findApiKey(ctx.db, params.id);
    const key = authorizeApiKey(actor, view && { ...view, organizationId: view.key.organizationId });
    return {
      status: 'OK',
      apiKey: presentApiKey(key, ctx.clock.now(), seesEmail(actor)),
      grantable: grantableByActor(actor),
    };
  });

  defineRoute(
    app,
    api.apiKeys.apiKeyCreate,
  )(async ({ actor, body, ctx }) => {
    const organization = authorizeApiKeyManager(actor);
    apiKeyGrantRule(actor.membership.permissions, body.permissions);
    const who = { ...auditOf(actor), accountId: actor.account.id };
    const { row, secret } = await createApiKey(ctx.db, ctx.clock, organization, who, body);
    const view = await findApiKey(ctx.db, row.id);
    if (!view) throw new Error('the new key vanished');
    return { status: 'OK', apiKey: presentApiKey(view, ctx.clock.now(), seesEmail(actor)), secret };
  });

  defineRoute(
    app,
    api.apiKeys.apiKeyRevoke,
  )(async ({ actor, params, ctx }) => {
    const found = await findApiKey(ctx.db, params.id);
    const key = authorizeApiKey(actor, found && { ...found, organizationId: found.key.organizationId });
    await revokeApiKey(ctx.db, ctx.clock, key, { ...auditOf(actor), accountId: actor.account.id });
    const view = await findApiKey(ctx.db, params.id);
    if (!view) throw new Error('the revoked key vanished');
    return { status: 'OK', apiKey: presentApiKey(view, ctx.clock.now(), seesEmail(actor)) };
  });
}
