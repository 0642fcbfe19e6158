import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { createShare, listShares, openShare, revokeShare } from '../../commands/documents/shares.ts';
import { defineRoute } from '../../http/route.ts';
import { parseInput } from '../../http/validation.ts';
import type { RateLimit } from '../../http/rate-limit.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { clientOf } from '../signing/limits.ts';
import { contentDisposition, downloadName } from './files.ts';
import { openBlob, readBlob } from '../../commands/documents/blobs.ts';

/** Opening share links, per client address: enough for a reader, not for guessing or flooding the audit trail. */
const SHARE_OPENS: RateLimit = { name: 'share-open', max: 60, windowMs: 60_000 };

/** Share links (issue 13 item 5): made, listed and revoked by members with documents edit roles (23). */
export function registerShareRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.shares.list,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT_ROLES, params.id);
    return { status: 'OK', shares: await listShares(ctx.db, ctx.clock.now(), doc) };
  });

  defineRoute(
    app,
    api.shares.create,
  )(async ({ params, body, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT_ROLES, params.id);
    return { status: 'OK', ...(await createShare(ctx, actor, doc, body)) };
  });

  defineRoute(
    app,
    api.shares.revoke,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT_ROLES, params.id);
    await revokeShare(ctx, actor, doc, params.share);
    return { status: 'OK' };
  });

  defineRoute(app, api.shares.open, { rateLimit: SHARE_OPENS })(async ({ params, ctx, req }) => {
    const client = clientOf(req);
    const opened = await openShare(ctx, params.token, { accountId: null, ...client }, 'view');
    return {
      status: 'OK',
      documentName: opened.document.name,
      organizationName: opened.organizationName,
      allowDownload: opened.share.allowDownload,
      expires: opened.share.expiresAt?.toISOString() ?? null,
      content: (await readBlob(ctx.blobs, opened.pdf.key)).toString('base64'),
    };
  });

  // The file itself, streamed (not JSON): the same validation, limit and checks as the open above.
  const download = api.shares.download;
  app.get(`/api${download.path}`, async (req, reply) => {
    const ctx = app.ctx;
    await hitRateLimit(ctx.db, ctx.clock, SHARE_OPENS, req.ip);
    const params = parseInput(download.params, req.params, 'params');
    const opened = await openShare(ctx, params.token, { accountId: null, ...clientOf(req) }, 'download');
    const stream = await openBlob(ctx.blobs, opened.pdf.key);
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(downloadName(opened.document, 'pdf')))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    return reply.send(stream);
  });
}
