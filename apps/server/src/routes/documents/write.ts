import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { convertTemplate } from '../../commands/documents/convert-template.ts';
import { createDocument } from '../../commands/documents/create-document.ts';
import { deleteDocument } from '../../commands/documents/delete-document.ts';
import { moveDocument } from '../../commands/documents/move-document.ts';
import { renameDocument, setArchived } from '../../commands/documents/update-document.ts';
import { defineRoute } from '../../http/route.ts';
import { presentDocument } from '../../presenters/document.ts';

export function registerDocumentWriteRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.documents.create,
  )(async ({ params, body, actor, ctx }) => {
    const row = await createDocument(ctx, actor, {
      type: params.type,
      name: body.name,
      parentId: params.parent,
    });
    return { status: 'OK', document: presentDocument(row) };
  });

  defineRoute(
    app,
    api.documents.rename,
  )(async ({ body, actor, ctx }) => {
    const row = await renameDocument(ctx, actor, body.documentId, body.name);
    return { status: 'OK', document: presentDocument(row) };
  });

  defineRoute(
    app,
    api.documents.delete,
  )(async ({ body, actor, ctx }) => {
    await deleteDocument(ctx, actor, body.documentId, false);
    return { status: 'OK' };
  });

  defineRoute(
    app,
    api.documents.deletePermanently,
  )(async ({ body, actor, ctx }) => {
    await deleteDocument(ctx, actor, body.documentId, true);
    return { status: 'OK' };
  });

  defineRoute(
    app,
    api.documents.move,
  )(async ({ params, actor, ctx }) => {
    const row = await moveDocument(ctx, actor, params.id, params.target);
    return { status: 'OK', document: presentDocument(row) };
  });

  defineRoute(
    app,
    api.documents.convert,
  )(async ({ params, body, actor, ctx }) => {
    const documentId = await convertTemplate(ctx, actor, params.id, body);
    return { status: 'OK', documentId };
  });

  defineRoute(
    app,
    api.documents.archive,
  )(async ({ body, actor, ctx }) => {
    const row = await setArchived(ctx, actor, body.documentId, true);
    return { status: 'OK', document: presentDocument(row) };
  });

  defineRoute(
    app,
    api.documents.restore,
  )(async ({ body, actor, ctx }) => {
    const row = await setArchived(ctx, actor, body.documentId, false);
    return { status: 'OK', document: presentDocument(row) };
  });
}
