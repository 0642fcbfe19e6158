import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import {
  addDocumentRole,
  changeDocumentRoles,
  removeDocumentRole,
} from '../../commands/documents/document-roles.ts';
import { defineRoute } from '../../http/route.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { authorizeSubject } from '../../policies/index.ts';
import { documentRolesOf, findRole } from '../../queries/documents/document-roles.ts';

/**
 * SPEC §7.4 document roles: list (documents view roles, 19), add (documents edit roles, 23), remove
 * (documents delete roles, 26), and several of both at once (each side needs its permission). Each
 * answers the document's roles as they are afterwards.
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

  defineRoute(
    app,
    api.privileges.documentRolesChange,
  )(async ({ params, body, actor, ctx }) => {
    // Every id is authorized before anything changes: an unknown role (or a missing permission) changes nothing.
    const giving =
      body.add.length > 0 || body.remove.length === 0
        ? await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT_ROLES, params.docId)
        : null;
    const taking =
      body.remove.length > 0
        ? await authorizeDocument(ctx.db, actor, P.DOCUMENTS_DELETE_ROLES, params.docId)
        : null;
    const give = giving && {
      doc: giving,
      roles: await Promise.all(
        body.add.map(async (id) =>
          authorizeSubject(actor, P.DOCUMENTS_EDIT_ROLES, await findRole(ctx.db, giving, id)),
        ),
      ),
    };
    const take = taking && {
      doc: taking,
      roles: await Promise.all(
        body.remove.map(async (id) =>
          authorizeSubject(actor, P.DOCUMENTS_DELETE_ROLES, await findRole(ctx.db, taking, id)),
        ),
      ),
    };
    await changeDocumentRoles(ctx, actor, { give: give ?? undefined, take: take ?? undefined });
    const doc = giving ?? taking;
    if (!doc) throw new Error('unreachable: a document was authorized above');
    return { status: 'OK', ...(await documentRolesOf(ctx.db, doc)) };
  });
}
