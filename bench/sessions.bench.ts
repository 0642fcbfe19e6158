// Throughput of /api/health against an authenticated organization call (session lookup, membership,
// permissions), on the embedded database and on PostgreSQL when BENCH_DATABASE_URL is set.
import { withScratchDatabase } from './lib/scratch-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { createSession } from '../apps/server/src/commands/sessions.ts';
import { benchAccount } from './lib/bench-account.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { formatResult, load } from './lib/load.ts';

async function benchOn(label: string, database: Database): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOCAL_IDP: 'on',
    ALLOW_LOCAL_IDP_IN_PRODUCTION: 'true',
    DEV_MAILBOX_IN_PRODUCTION: 'true',
    // Production refuses unencrypted signing keys unless told the disk is protected otherwise: the bench's
    // keys are throwaway (without this the bench stopped at its first line).
    ALLOW_UNENCRYPTED_SIGNING_KEYS: 'true',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { accountId, organizationId } = await benchAccount(database.db);
  const { token } = await createSession(database.db, systemClock, {
    accountId,
    selectedOrganizationId: organizationId,
    ip: null,
    userAgent: 'bench',
  });
  const headers = {
    'session-id': token,
    'company-id': organizationId,
    'application-id': 'Frontend',
  };
  console.log(`\n${label}`);
  const health = await load({ url: `${base}/api/health` });
  console.log(formatResult('GET /api/health', health));
  const roles = await load({ url: `${base}/api/privileges/account-roles`, headers });
  console.log(formatResult('GET /api/privileges/account-roles', roles));
  console.log(`authenticated / health ratio: ${(roles.rps / health.rps).toFixed(2)}`);
  await app.close();
}

const pglite = await openDatabase({ dataDir: 'memory://' });
await benchOn('Embedded database (PGlite, in memory), 50 connections, 5 s', pglite);
await pglite.close();

const url = process.env.BENCH_DATABASE_URL;
if (url) {
  await withScratchDatabase(url, async (databaseUrl) => {
    const database = await openDatabase({ databaseUrl, poolSize: 20 });
    try {
      await benchOn('PostgreSQL, 50 connections, 5 s', database);
    } finally {
      await database.close();
    }
  });
} else {
  console.log('\n(set BENCH_DATABASE_URL to also measure on PostgreSQL)');
}
