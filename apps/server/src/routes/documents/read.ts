import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { assertFolder, loadAuthorized } from '../../commands/documents/common.ts';
import { JsonText, PreSerializedReply } from '../../http/json-text.ts';
import { defineRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { authorize } from '../../policies/index.ts';
import { presentDocument } from '../../presenters/document.ts';
import { listFolder } from '../../queries/documents/list-documents.ts';
import { isPaged, searchDocuments } from '../../queries/documents/search-documents.ts';
import { documentStats } from '../../queries/documents/stats.ts';

export function registerDocumentReadRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.documents.list,
  )(async ({ params, query, actor, ctx }) => {
    authorize(actor, P.DOCUMENTS_VIEW);
    const parentId = params.parent || null;
    const page = await listFolder(ctx.db, actor.membership.organization.id, parentId, query);
    // `undefined`: no visible document has that id. authorize() answers 404 for it as for another
    // organization's folder (whose children the query never returns: it lists this organization's only).
    const root = page.root === undefined ? null : page.root;
    if (parentId) {
      authorize(actor, P.DOCUMENTS_VIEW, root);
      assertFolder(root);
    }
    return new PreSerializedReply({
      status: 'OK',
      root: root ? new JsonText(root.summary) : null,
      documents: new JsonText(page.documents),
      hasMore: page.hasMore,
    });
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
    const input = {
      organizationId: actor.membership.organization.id,
      text: body.text,
      filter: params.filter,
      type: query.type,
      orderBy: query.orderBy,
      orderValue: query.orderValue,
      limit: query.limit,
      offset: query.offset,
    };
    if (input.offset > 0 && !isPaged(input)) {
      throw new AppError('VALIDATION_FAILED', 'A search ranked by relevance has no further pages.', {
        offset: 'Only lists in one order (empty text, or orderBy) page.',
      });
    }
    const found = await searchDocuments(ctx.db, input);
    return new PreSerializedReply({
      status: 'OK',
      documents: JsonText.array(found.documents),
      hasMore: found.hasMore,
    });
  });
}
