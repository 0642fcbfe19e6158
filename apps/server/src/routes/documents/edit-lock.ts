import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { acquireEditLock, releaseEditLock } from '../../commands/documents/edit-lock.ts';
import { defineRoute } from '../../http/route.ts';
import { authorizeDocument } from '../../policies/documents.ts';

/** The editor's lock (issue 13 item 2): taken, renewed and given up by the editor page. */
export function registerEditLockRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.editLock.acquire,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.id);
    const until = await acquireEditLock(ctx, actor, doc);
    return { status: 'OK', until: until.toISOString() };
  });

  defineRoute(
    app,
    api.editLock.release,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.id);
    await releaseEditLock(ctx, actor, doc);
    return { status: 'OK' };
  });
}
