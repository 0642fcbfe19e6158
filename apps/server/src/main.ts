import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirectoryLockedError } from './db/lock.ts';
import { pdfWorkers } from './services/pdf/index.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // `--worker` (npm run worker): a jobs worker only, no HTTP listener; needs the shared PostgreSQL.
  const workerOnly = process.argv.includes('--worker');
  if (workerOnly && !config.databaseUrl) {
    throw new ConfigError(
      'A separate jobs worker (--worker) needs DATABASE_URL: the embedded database is single-process.',
    );
  }
  // A worker answers no calls: no reply cache, so no listening connection either.
  const app = await buildApp(
    workerOnly ? { ...config, replyCacheBytes: 0, jobs: { ...config.jobs, worker: true } } : config,
  );
  // PDF worker threads take a moment to load: start them now rather than on the first signing call.
  pdfWorkers(config.signing.pdf).warm();
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  // A stray rejection caused by a database outage must not end the server (it recovers when the database
  // returns); any other one is a bug: log it and exit so that the supervisor restarts a clean process.
  process.on('unhandledRejection', (err) => {
    if (isDatabaseUnavailable(err)) {
      app.log.error({ err }, 'unhandled rejection while the database is unreachable; carrying on');
      return;
    }
    app.log.fatal({ err }, 'unhandled rejection');
    process.exit(1);
  });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  if (workerOnly) {
    await app.ready();
    app.log.info('Sinetti jobs worker is running');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Sinetti is running at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirectoryLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
