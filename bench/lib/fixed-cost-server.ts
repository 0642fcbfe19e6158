// Sinetti as production runs it (logging at info to a discarded stream, no reply checking), for
// bench/fixed-cost.bench.ts. PGlite in memory unless BENCH_SERVER_DATABASE_URL is set.
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { serveSinetti } from './bench-server.ts';

const url = process.env.BENCH_SERVER_DATABASE_URL;
const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
await serveSinetti({ database, logging: true });
