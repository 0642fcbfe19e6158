import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { registerBulkSendJobs } from '../../commands/bulk-send/job.ts';
import { checkBulkSend } from '../../commands/bulk-send/preview.ts';
import { findBulkSend, listBulkSends, rowsOf, summaryOf } from '../../commands/bulk-send/read.ts';
import { retryBulkSend, startBulkSend } from '../../commands/bulk-send/start.ts';
import { signingProvidersOf } from '../../commands/signing/providers.ts';
import { defineRoute } from '../../http/route.ts';
import {
  authorizeBulkRetry,
  authorizeBulkSend,
  authorizeBulkSender,
  mayRetryBulkSend,
} from '../../policies/bulk-send.ts';
import { authorizeDocument, authorizeFolder } from '../../policies/documents.ts';

/**
 * Bulk send (issue #33 item 4): preview, start, progress, retry and the list, and the job that sends. Abuse
 * is bounded as for single sends: by the balance and the organization's hourly e-mail limit, plus the row
 * cap and one running bulk send per organization (docs/decisions.md "Bulk send").
 */
export function registerBulkSendRoutes(app: FastifyInstance): void {
  registerBulkSendJobs(app.jobs.registry, app.ctx.config);
  const providers = signingProvidersOf(app.ctx.config);

  defineRoute(
    app,
    api.bulkSend.preview,
  )(async ({ params, body, actor, ctx }) => {
    authorizeBulkSender(actor);
    const template = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    const { preview } = await checkBulkSend(ctx, actor, providers, template, body.csv);
    return { status: 'OK', preview };
  });

  defineRoute(
    app,
    api.bulkSend.start,
  )(async ({ params, body, actor, ctx }) => {
    const scope = authorizeBulkSender(actor);
    const template = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    const checked = await checkBulkSend(ctx, actor, providers, template, body.csv);
    // The contracts go where the template is (where Use template offers to put them first).
    const into = await authorizeFolder(ctx.db, actor, P.DOCUMENTS_CREATE, template.parentId);
    const bulk = await startBulkSend(ctx, actor, scope, template, into, checked);
    return { status: 'OK', bulkSend: await summaryOf(ctx.db, await authorizeBulkSend(ctx.db, actor, bulk)) };
  });

  defineRoute(
    app,
    api.bulkSend.info,
  )(async ({ params, actor, ctx }) => {
    const bulk = await authorizeBulkSend(ctx.db, actor, await findBulkSend(ctx.db, params.id));
    const bulkSend = await summaryOf(ctx.db, bulk);
    return {
      status: 'OK',
      bulkSend,
      rows: await rowsOf(ctx.db, bulk),
      mayRetry: mayRetryBulkSend(actor, bulk),
    };
  });

  defineRoute(
    app,
    api.bulkSend.retry,
  )(async ({ params, actor, ctx }) => {
    const bulk = await authorizeBulkRetry(ctx.db, actor, await findBulkSend(ctx.db, params.id));
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
