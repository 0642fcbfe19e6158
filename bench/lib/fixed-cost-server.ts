// Sinetti as production runs it (logging at info to a discarded stream, no reply checking), for
// bench/fixed-cost.bench.ts. PGlite in memory unless BENCH_SERVER_DATABASE_URL is set.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

const url = process.env.BENCH_SERVER_DATABASE_URL;
const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
const blobDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-bench-blobs-'));
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://127.0.0.1',
    BLOB_DIR: blobDir,
    JOBS_WORKER: 'false',
  }),
  validateReplies: false,
};
const app = await buildApp(config, { database, logStream: { write: () => undefined } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const stop = async () => {
  await app.close();
  await database.close();
  await fsp.rm(blobDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
console.log(JSON.stringify({ ready: true, port }));
