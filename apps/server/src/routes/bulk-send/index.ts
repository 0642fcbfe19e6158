import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { registerBulkSendJobs } from '../../commands/bulk-send/job.ts';
import { checkBulkSend } from '../../commands/bulk-send/preview.ts';
import { findBulkSend, listBulkSends, rowsOf, summaryOf } from '../../commands/bulk-send/read.ts';
import { retryBulkSend, startBulkSend } from '../../commands/bulk-send/start.ts';
import { signingProvidersOf } from '../../commands/signing/providers.ts';
import { defineRoute } from '../../http/route.ts';
import type { RateLimit } from '../../http/rate-limit.ts';
import { authorizeBulkSend, authorizeBulkSender } from '../../policies/bulk-send.ts';
import { authorizeDocument, authorizeFolder } from '../../policies/documents.ts';

/** Starting and retrying queue up to 1,000 sends each: a few a minute per client address is plenty. */
const BULK_START_LIMIT: RateLimit = { name: 'bulk-send-start', max: 10, windowMs: 10 * 60_000 };
/** A preview reads the template's DOCX in the PDF worker pool. */
const BULK_PREVIEW_LIMIT: RateLimit = { name: 'bulk-send-preview', max: 60, windowMs: 10 * 60_000 };

/** Bulk send (issue #33 item 4): preview, start, progress, retry and the list, and the job that sends. */
export function registerBulkSendRoutes(app: FastifyInstance): void {
  registerBulkSendJobs(app.jobs.registry, app.ctx.config);
  const providers = signingProvidersOf(app.ctx.config);

  defineRoute(app, api.bulkSend.preview, { rateLimit: BULK_PREVIEW_LIMIT })(
    async ({ params, body, actor, ctx }) => {
      authorizeBulkSender(actor);
      const template = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
      const { preview } = await checkBulkSend(ctx, actor, providers, template, body.csv);
      return { status: 'OK', preview };
    },
  );

  defineRoute(app, api.bulkSend.start, { rateLimit: BULK_START_LIMIT })(
    async ({ params, body, actor, ctx }) => {
      const scope = authorizeBulkSender(actor);
      const template = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
      const checked = await checkBulkSend(ctx, actor, providers, template, body.csv);
      // The contracts go where the template is (where Use template offers to put them first).
      const into = await authorizeFolder(ctx.db, actor, P.DOCUMENTS_CREATE, template.parentId);
      const bulk = await startBulkSend(ctx, actor, scope, template, into, checked);
      return { status: 'OK', bulkSend: await summaryOf(ctx.db, authorizeBulkSend(actor, bulk)) };
    },
  );

  defineRoute(
    app,
    api.bulkSend.info,
  )(async ({ params, actor, ctx }) => {
    const bulk = authorizeBulkSend(actor, await findBulkSend(ctx.db, params.id));
    return { status: 'OK', bulkSend: await summaryOf(ctx.db, bulk), rows: await rowsOf(ctx.db, bulk) };
  });

  defineRoute(app, api.bulkSend.retry, { rateLimit: BULK_START_LIMIT })(async ({ params, actor, ctx }) => {
    const bulk = authorizeBulkSend(actor, await findBulkSend(ctx.db, params.id));
    await retryBulkSend(ctx, actor, bulk);
    return { status: 'OK', bulkSend: await summaryOf(ctx.db, bulk) };
  });

  defineRoute(
    app,
    api.bulkSend.list,
  )(async ({ actor, ctx }) => {
    const scope = authorizeBulkSender(actor);
    return { status: 'OK', bulkSends: await listBulkSends(ctx.db, scope) };
  });
}
