// The server under test for bench/documents.bench.ts, in its own process so that the load generator does
// not share its event loop and its memory can be measured alone. Prints one JSON line when ready.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/commands/sessions.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { benchAccount } from './bench-account.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { seedDocuments } from './documents-seed.ts';

const url = process.env.BENCH_SERVER_DATABASE_URL;
// The bulk load's statements run for minutes at a million rows: seeded over connections without the
// statement time-out, then the server gets a pool with the defaults (docs/configuration.md DATABASE_*).
const seeding = url ? await openDatabase({ databaseUrl: url, statementTimeoutMs: 0 }) : null;
const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
const { accountId, organizationId } = await benchAccount(database.db);
const started = performance.now();
const seeded = await seedDocuments(
  (seeding ?? database).db,
  organizationId,
  accountId,
  Number(process.env.BENCH_DOCUMENTS ?? 100_000),
);
const seedSeconds = (performance.now() - started) / 1000;
await seeding?.close();
const { token } = await createSession(database.db, systemClock, {
  accountId,
  selectedOrganizationId: organizationId,
  ip: null,
  userAgent: 'bench',
});

const { token: memberToken } = await createSession(database.db, systemClock, {
  accountId: seeded.memberId,
  selectedOrganizationId: organizationId,
  ip: null,
  userAgent: 'bench',
});

const blobDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-bench-blobs-'));
// As in production (no reply checking against the contract), without production's checks on secrets.
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    BLOB_DIR: blobDir,
    JOBS_WORKER: 'false',
  }),
  validateReplies: false,
};
const app = await buildApp(config, { database, logger: false });
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
process.once('SIGINT', () => void stop());
console.log(
  JSON.stringify({ ready: true, port, token, memberToken, organizationId, seedSeconds, ...seeded }),
);
