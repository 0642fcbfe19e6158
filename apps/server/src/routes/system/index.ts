import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { registerHousekeepingJobs } from '../../commands/housekeeping.ts';
import { defineRoute } from '../../http/route.ts';
import { buildOpenApi } from '../../http/openapi.ts';
import { VERSION } from '../../lib/version.ts';
import { feedbackChannel, sendFeedback } from '../../commands/feedback.ts';
import { checkHealth } from './health.ts';
import { receiveErrorReport } from '../../commands/error-report.ts';

export function registerSystemRoutes(app: FastifyInstance): void {
  registerHousekeepingJobs(app.jobs.registry);

  defineRoute(
    app,
    api.system.health,
  )(async ({ ctx }) => ({ status: 'OK', ...(await checkHealth(ctx)), version: VERSION }));

  defineRoute(
    app,
    api.system.config,
  )(async ({ ctx }) => {
    const configured = ctx.config.providers.map((p) => ({ platform: p.platform, local: false }));
    const local = ctx.config.localIdp
      ? (['google', 'microsoft'] as const)
          .filter((p) => !configured.some((c) => c.platform === p))
          .map((platform) => ({ platform, local: true }))
      : [];
    return {
      status: 'OK',
      providers: [...configured, ...local],
      version: VERSION,
      feedback: feedbackChannel(ctx.config.mail),
      tour: ctx.config.guidedTour,
      verifyMaxBytes: ctx.config.anonymous.verify.maxBytes,
    };
  });

  defineRoute(
    app,
    api.system.feedback,
  )(async ({ ctx, actor, body }) => {
    await sendFeedback(ctx, actor, body);
    return { status: 'OK' };
  });

  defineRoute(
    app,
    api.system.errorReport,
  )(async ({ ctx, req, body }) => {
    await receiveErrorReport(ctx, req, body);
    return { status: 'OK' };
  });

  const openapi = buildOpenApi(VERSION);
  app.get('/api/docs', async () => openapi);
}
