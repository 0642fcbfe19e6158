import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirectoryLockedError } from './db/lock.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
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
