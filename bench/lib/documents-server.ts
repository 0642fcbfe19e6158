// The server under test for bench/documents.bench.ts, in its own process so that the load generator does
// not share its event loop and its memory can be measured alone. Prints one JSON line when ready.
import { createSession } from '../../apps/server/src/commands/sessions.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { benchAccount } from './bench-account.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { serveSinetti } from './bench-server.ts';
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

// No logger: the figures compare calls of the same server (bench/fixed-cost.bench.ts measures logging's cost).
await serveSinetti({
  database,
  logging: false,
  ready: { token, memberToken, organizationId, seedSeconds, ...seeded },
});
