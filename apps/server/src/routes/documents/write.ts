import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { convertTemplate } from '../../commands/documents/convert-template.ts';
import { fillTemplate } from '../../commands/documents/template-fields.ts';
import { roleSigneesFor, setTemplateRoles } from '../../commands/documents/template-roles.ts';
import { signingProvidersOf } from '../../commands/signing/providers.ts';
import { levelAndMethod } from '../../commands/signing/signees.ts';
import { createDocument } from '../../commands/documents/create-document.ts';
import { deleteDocument } from '../../commands/documents/delete-document.ts';
import { moveDocument } from '../../commands/documents/move-document.ts';
import { renameDocument, setArchived } from '../../commands/documents/update-document.ts';
import { defineRoute } from '../../http/route.ts';
import { authorizeDocument, authorizeFolder } from '../../policies/documents.ts';
import { authorize } from '../../policies/index.ts';
import { presentDocument } from '../../presenters/document.ts';

export function registerDocumentWriteRoutes(app: FastifyInstance): void {
  const providers = signingProvidersOf(app.ctx.config);

  defineRoute(
    app,
    api.documents.create,
  )(async ({ params, body, actor, ctx }) => {
    const scope = authorize(actor, P.DOCUMENTS_CREATE);
    const into = await authorizeFolder(ctx.db, actor, P.DOCUMENTS_CREATE, params.parent);
    const row = await createDocument(ctx, actor, scope, into, { type: params.type, name: body.name });
    return { status: 'OK', document: presentDocument(row) };
  });

  defineRoute(
    app,
    api.documents.rename,
  )(async ({ body, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, body.documentId);
    const row = await renameDocument(ctx, actor, doc, body.name);
    return { status: 'OK', document: presentDocument(row) };
  });

  for (const [endpoint, permanently] of [
    [api.documents.delete, false],
    [api.documents.deletePermanently, true],
  ] as const) {
    defineRoute(
      app,
      endpoint,
    )(async ({ body, actor, ctx }) => {
      const scope = authorize(actor, P.DOCUMENTS_DELETE);
      const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_DELETE, body.documentId);
      await deleteDocument(ctx, actor, scope, doc, permanently);
      return { status: 'OK' };
    });
  }

  defineRoute(
    app,
    api.documents.move,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.id);
    const target = params.target === 'root' ? null : params.target;
    const into = await authorizeFolder(ctx.db, actor, P.DOCUMENTS_EDIT, target);
    const row = await moveDocument(ctx, actor, doc, into);
    return { status: 'OK', document: presentDocument(row) };
  });

  defineRoute(
    app,
    api.documents.convert,
  )(async ({ params, body, actor, ctx }) => {
    const scope = authorize(actor, P.DOCUMENTS_CREATE);
    const from = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    const into = await authorizeFolder(ctx.db, actor, P.DOCUMENTS_CREATE, body.parent);
    const roleSignees = { people: roleSigneesFor(from, body.signees), ...levelAndMethod(providers, {}) };
    const filled =
      from.type === 'template' ? await fillTemplate(ctx, from, body.values, actor.account.language) : null;
    try {
      const input = { ...body, filled, roleSignees };
      const documentId = await convertTemplate(ctx, actor, scope, from, into, input);
      return { status: 'OK', documentId };
    } catch (err) {
      if (filled) await ctx.blobs.delete(filled.key).catch(() => undefined);
      throw err;
    }
  });

  defineRoute(
    app,
    api.documents.setTemplateRoles,
  )(async ({ params, body, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.id);
    return { status: 'OK', roles: await setTemplateRoles(ctx, actor, doc, body.roles) };
  });

  for (const [endpoint, archived] of [
    [api.documents.archive, true],
    [api.documents.restore, false],
  ] as const) {
    defineRoute(
      app,
      endpoint,
    )(async ({ body, actor, ctx }) => {
      const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, body.documentId);
      const row = await setArchived(ctx, actor, doc, archived);
      return { status: 'OK', document: presentDocument(row) };
    });
  }
}
