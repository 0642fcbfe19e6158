import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { JsonText, PreSerializedReply } from '../../http/json-text.ts';
import { defineRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { templateFields } from '../../commands/documents/template-fields.ts';
import { assertFolder, authorizeDocument, documentAbilities } from '../../policies/documents.ts';
import { authorize, authorizeSubject } from '../../policies/index.ts';
import { presentDocument } from '../../presenters/document.ts';
import { countSignees } from '../../queries/signing/signees.ts';
import { listFolder, listFromSession, listingAlong } from '../../queries/documents/list-documents.ts';
import { isPaged, searchDocuments } from '../../queries/documents/search-documents.ts';
import { countsAlong, statsFromSession } from '../../queries/documents/stats.ts';

export function registerDocumentReadRoutes(app: FastifyInstance): void {
  // The page is read in the session's statement (one round trip); listFolder() when that read does not fit.
  // Kept in the reply cache until the organization's documents or the caller's roles change.
  defineRoute(app, api.documents.list, {
    along: ({ params, query }) => listingAlong(params.parent || null, query),
    cached: true,
  })(async ({ params, query, actor, along, ctx }) => {
    const scope = authorize(actor, P.DOCUMENTS_VIEW);
    const parentId = params.parent || null;
    const page =
      listFromSession(scope, along, parentId, query.limit) ??
      (await listFolder(ctx.db, scope, parentId, query));
    // `undefined`: no document visible to the caller has that id. authorizeSubject() answers 404 for it as
    // for another organization's folder (whose children the query never returns: it lists the scope's only).
    const root = page.root === undefined ? null : page.root;
    if (parentId) assertFolder(authorizeSubject(actor, P.DOCUMENTS_VIEW, root));
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
    const row = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    const abilities = documentAbilities(actor, row, await countSignees(ctx.db, row));
    return { status: 'OK', document: presentDocument(row), abilities };
  });

  defineRoute(
    app,
    api.documents.templateFields,
  )(async ({ params, actor, ctx }) => {
    const row = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    const fields = await templateFields(ctx, row);
    return { status: 'OK', fields, roles: row.signeeRoles ?? [] };
  });

  // The counts come with the caller's session (one round trip): used only once authorize() has said yes.
  defineRoute(app, api.documents.stats, { along: (_, now) => countsAlong(now), cached: true })(
    async ({ actor, along }) => {
      const scope = authorize(actor, P.DOCUMENTS_VIEW);
      return { status: 'OK', ...statsFromSession(scope, along), published: 0 };
    },
  );

  // Text is searched afresh each time (each word its own key); without text it is the dashboard's list of the
  // most recent documents, read again on every visit: kept like a folder's page, keyed by the body too.
  const recentList = ({ body }: { body: { text: string } }) =>
    body.text.trim() === '' ? JSON.stringify(body) : undefined;
  defineRoute(app, api.documents.search, { cached: recentList })(
    async ({ params, query, body, actor, ctx }) => {
      const scope = authorize(actor, P.DOCUMENTS_VIEW);
      const input = {
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
      const found = await searchDocuments(ctx.db, scope, input);
      return new PreSerializedReply({
        status: 'OK',
        documents: JsonText.array(found.documents),
        hasMore: found.hasMore,
      });
    },
  );
}
