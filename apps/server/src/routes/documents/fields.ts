import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { fieldsEditable, saveFields } from '../../commands/documents/fields.ts';
import { defineRoute } from '../../http/route.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { fieldsOf } from '../../queries/fields.ts';

/** Fields placed on a contract's or template's pages (issue #33 item 1). */
export function registerFieldRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.fields.list,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    assertAllowed(documentRules.fields(doc));
    return { status: 'OK', fields: await fieldsOf(ctx.db, doc.id), editable: fieldsEditable(actor, doc) };
  });

  defineRoute(
    app,
    api.fields.save,
  )(async ({ params, body, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.id);
    const fields = await saveFields(ctx, actor, doc, body.fields);
    return { status: 'OK', fields, editable: fieldsEditable(actor, doc) };
  });
}
