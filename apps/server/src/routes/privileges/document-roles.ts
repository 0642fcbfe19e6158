import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { addDocumentRole, removeDocumentRole } from '../../commands/documents/document-roles.ts';
import { defineRoute } from '../../http/route.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { authorizeSubject } from '../../policies/index.ts';
import { documentRolesOf, findRole } from '../../queries/documents/document-roles.ts';

/**
 * SPEC §7.4 document roles: list (documents view roles, 19), add (documents edit roles, 23), remove
 * (documents delete roles, 26). Each answers the document's roles as they are afterwards.
 */
export function registerDocumentRoleRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.privileges.documentRoles,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW_ROLES, params.docId);
    return { status: 'OK', ...(await documentRolesOf(ctx.db, doc)) };
  });

  defineRoute(
    app,
    api.privileges.documentRoleAdd,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT_ROLES, params.docId);
    const role = authorizeSubject(actor, P.DOCUMENTS_EDIT_ROLES, await findRole(ctx.db, doc, params.roleId));
    await addDocumentRole(ctx, actor, doc, role);
    return { status: 'OK', ...(await documentRolesOf(ctx.db, doc)) };
  });

  defineRoute(
    app,
    api.privileges.documentRoleDelete,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_DELETE_ROLES, params.docId);
    const role = authorizeSubject(
      actor,
      P.DOCUMENTS_DELETE_ROLES,
      await findRole(ctx.db, doc, params.roleId),
    );
    await removeDocumentRole(ctx, actor, doc, role);
    return { status: 'OK', ...(await documentRolesOf(ctx.db, doc)) };
  });
}
