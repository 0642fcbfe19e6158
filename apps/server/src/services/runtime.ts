import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import {
  EMBEDDED_MAINTENANCE_INTERVAL_MS,
  EMBEDDED_MAINTENANCE_JOB,
  maintainTables,
} from '../db/maintenance.ts';
import type { AppContext } from '../http/context.ts';
import { checkIsolation } from './conversion/isolation.ts';
import { disposeProfileTemplate } from './conversion/profile.ts';
import { JobRegistry, JobRunner } from './jobs/index.ts';
import { deadOwnerTest } from './jobs/owner.ts';
import { registerMail } from './mail/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Job handlers (features register theirs) and the runner: a background worker, or drain() on demand. */
    jobs: JobRunner;
  }
}

/**
 * Background services of the app: the jobs runner (its worker starts when the app is ready if
 * JOBS_WORKER is on, and stops before the database closes), the embedded database's vacuum and statistics,
 * the blob store's connections and the converter's template profile.
 */
export function registerServices(
  app: FastifyInstance,
  ctx: AppContext,
  databaseKind: Database['kind'],
): void {
  const runner = new JobRunner(ctx, new JobRegistry(), {
    ...ctx.config.jobs,
    embedded: !ctx.config.databaseUrl,
  });
  app.decorate('jobs', runner);
  registerMail(app);
  // PostgreSQL's autovacuum does this there; the embedded database has none (db/maintenance.ts).
  if (databaseKind === 'pglite') {
    runner.registry.registerPeriodic(
      EMBEDDED_MAINTENANCE_JOB,
      EMBEDDED_MAINTENANCE_INTERVAL_MS,
      async (_job, c) => {
        const started = performance.now();
        const tables = await maintainTables(c.db);
        if (tables.length > 0) {
          c.log.info(
            { tables, ms: Math.round(performance.now() - started) },
            'database: tables vacuumed or analyzed',
          );
        }
      },
    );
  }
  // Temporary files of uploads that a stopped process left unfinished go at once (not after the hour
  // the periodic sweep waits for writes that may still be running elsewhere).
  app.addHook('onReady', async () => {
    const writerGone = deadOwnerTest(databaseKind === 'pglite');
    const removed = await ctx.blobs.sweepIncomplete(new Date(0), writerGone).catch((err: unknown) => {
      ctx.log.warn({ err }, 'blobs: could not remove the temporary files of interrupted uploads');
      return 0;
    });
    if (removed > 0) ctx.log.info({ removed }, 'blobs: removed temporary files of interrupted uploads');
  });
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
