import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.ts';
import { checkIsolation } from './conversion/isolation.ts';
import { disposeProfileTemplate } from './conversion/profile.ts';
import { JobRegistry, JobRunner } from './jobs/index.ts';
import { registerMail } from './mail/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Job handlers (features register theirs) and the runner: a background worker, or drain() on demand. */
    jobs: JobRunner;
  }
}

/**
 * Background services of the app: the jobs runner (its worker starts when the app is ready if
 * JOBS_WORKER is on, and stops before the database closes), the blob store's connections and the
 * converter's template profile.
 */
export function registerServices(app: FastifyInstance, ctx: AppContext): void {
  const runner = new JobRunner(ctx, new JobRegistry(), {
    ...ctx.config.jobs,
    embedded: !ctx.config.databaseUrl,
  });
  app.decorate('jobs', runner);
  registerMail(app);
  if (ctx.config.jobs.worker) {
    // Converters run in this process's worker: a production worker without their sandbox does not start.
    app.addHook('onReady', async () => {
      const { isolation, allowUnisolated } = ctx.config.conversion;
      await checkIsolation(
        { mode: isolation, production: ctx.config.env === 'production', allowUnisolated },
        ctx.log,
      );
      await runner.start();
    });
  }
  app.addHook('preClose', async () => runner.stop());
  app.addHook('onClose', async () => {
    await ctx.blobs.close();
    await disposeProfileTemplate();
  });
}
