import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tar file) from test/pglite-snapshot.ts, for each database to start from. */
    pgliteSnapshot: string;
  }
}

/** Which database the suite runs on: TEST_DB=postgres uses TEST_DATABASE_URL, anything else PGlite in memory. */
export const testDbKind: 'postgres' | 'pglite' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function withDatabase(url: string, name: string, port?: number): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  if (port !== undefined) u.port = String(port);
  return u.toString();
}

let snapshotBlob: Blob | undefined;
/** The migrated copy test/pglite-snapshot.ts made for this run, read once per test file (none: start empty). */
export function snapshot(): Blob | undefined {
  let file: string | undefined;
  try {
    file = inject('pgliteSnapshot');
  } catch {
    // Outside Vitest (the benchmarks build their app with these helpers): no copy, an empty database.
  }
  if (!file) return undefined;
  snapshotBlob ??= new Blob([fs.readFileSync(file)]);
  return snapshotBlob;
}

/**
 * A fresh database for one test file: PGlite in memory (or in `dataDir` when the test gives its app a real
 * DATA_DIR), or a PostgreSQL database with a random name, dropped on close. `port` connects the app's pool to
 * another port (an outage test's proxy in front of PostgreSQL).
 */
export async function openTestDatabase(
  dataDir = 'memory://',
  opts: { port?: number; statementTimeoutMs?: number; poolWaitMs?: number } = {},
): Promise<Database> {
  // The copy is for in-memory databases; openDatabase ignores it for a data directory.
  if (testDbKind === 'pglite') return openDatabase({ dataDir, snapshot: snapshot() });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `sinetti_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({
    databaseUrl: withDatabase(adminUrl, name, opts.port),
    poolSize: 5,
    statementTimeoutMs: opts.statementTimeoutMs,
    poolWaitMs: opts.poolWaitMs,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
