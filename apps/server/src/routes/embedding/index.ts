import { api, P } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { setEmbedOrigins } from '../../commands/embedding.ts';
import { auditOf } from '../../http/audit.ts';
import { defineRoute } from '../../http/route.ts';
import { authorizeOrganization } from '../../policies/index.ts';
import { embedOriginsOf } from '../../queries/embedding.ts';

/**
 * The origins allowed to frame the organization's signing pages (issue #34 item 3): an organization
 * setting like webhooks, read and changed with organization edit details (8). The organization is always
 * the caller's own (company-id), so another organization's list cannot be reached.
 */
export function registerEmbeddingRoutes(app: FastifyInstance): void {
  const production = app.ctx.config.env === 'production';

  defineRoute(
    app,
    api.embedding.get,
  )(async ({ actor, ctx }) => {
    const organization = authorizeOrganization(actor, P.ORG_EDIT_DETAILS);
    return { status: 'OK', origins: await embedOriginsOf(ctx.db, organization.id) };
  });

  defineRoute(
    app,
    api.embedding.update,
  )(async ({ actor, body, ctx }) => {
    const organization = authorizeOrganization(actor, P.ORG_EDIT_DETAILS);
    const who = { ...auditOf(actor), accountId: actor.account.id };
    const origins = await setEmbedOrigins(ctx.db, organization, who, body.origins, production);
    return { status: 'OK', origins };
  });
}
