import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { loadAuthorized, resolveParent } from '../../commands/documents/common.ts';
import { defineRoute } from '../../http/route.ts';
import { authorize } from '../../policies/index.ts';
import { presentDocument } from '../../presenters/document.ts';
import { listChildren } from '../../queries/documents/list-documents.ts';
import { searchDocuments } from '../../queries/documents/search-documents.ts';
import { documentStats } from '../../queries/documents/stats.ts';

export function registerDocumentReadRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.documents.list,
  )(async ({ params, query, actor, ctx }) => {
    authorize(actor, P.DOCUMENTS_VIEW);
    const root = await resolveParent(ctx.db, actor, P.DOCUMENTS_VIEW, params.parent);
    const page = await listChildren(ctx.db, actor.membership.organization.id, root?.id ?? null, query);
    return {
      status: 'OK',
      root: root ? presentDocument(root) : null,
      documents: page.rows.map(presentDocument),
      hasMore: page.hasMore,
    };
  });

  defineRoute(
    app,
    api.documents.info,
  )(async ({ params, actor, ctx }) => {
    const row = await loadAuthorized(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    return { status: 'OK', document: presentDocument(row) };
  });

  defineRoute(
    app,
    api.documents.stats,
  )(async ({ actor, ctx }) => {
    authorize(actor, P.DOCUMENTS_VIEW);
    const stats = await documentStats(ctx.db, actor.membership.organization.id, ctx.clock.now());
    return { status: 'OK', ...stats, published: 0 };
  });

  defineRoute(
    app,
    api.documents.search,
  )(async ({ params, query, body, actor, ctx }) => {
    authorize(actor, P.DOCUMENTS_VIEW);
    const rows = await searchDocuments(ctx.db, {
      organizationId: actor.membership.organization.id,
      text: body.text,
      filter: params.filter,
      type: query.type,
      orderBy: query.orderBy,
      orderValue: query.orderValue,
      limit: query.limit,
    });
    return { status: 'OK', documents: rows.map(presentDocument) };
  });
}
