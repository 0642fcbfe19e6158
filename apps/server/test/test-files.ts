import fs from 'node:fs';
import path from 'node:path';

/** Which database a run of the API tests uses (TEST_DB=postgres: PostgreSQL; anything else PGlite). */
export type TestDb = 'pglite' | 'postgres';

/**
 * The database that runs every test file when `npm test` runs both (TEST_DATABASE_URL set); the other runs
 * only what is specific to it and the smoke set. Measured in docs/decisions.md ("Test run time");
 * TEST_FULL_RUN=pglite turns it round (to measure again).
 */
export const FULL_RUN: TestDb = process.env.TEST_FULL_RUN === 'pglite' ? 'pglite' : 'postgres';

/**
 * API test files the other database's run keeps although they are not specific to it: one signs in, one
 * walks documents from folders to search, one runs a signing round, one takes a card payment, one the
 * authorization of every call. Enough to show that the app works on it end to end.
 */
export const SMOKE = [
  'test/foundation.test.ts',
  'test/sign-in.test.ts',
  'test/documents-create-list.test.ts',
  'test/documents-search.test.ts',
  'test/signing-flow.test.ts',
  'test/billing-top-up.test.ts',
];

/** Every test file of the package (relative to `root`). */
export function testFiles(root: string): string[] {
  return ['test', 'src'].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.join(dir, file)),
  );
}

/**
 * A file that mocks modules (vi.mock): `*.isolated.test.ts`. It runs in a project of its own with its own module
 * registry (vitest.config.ts), since a mock does not reach the modules that the files sharing a worker loaded
 * first. The lint forbids vi.mock elsewhere (eslint.config.js).
 */
export const isIsolated = (file: string) => file.endsWith('.isolated.test.ts');

/** A file that tests what only one database can show: `*.postgres.test.ts` (concurrency, outages). */
const onlyFor = (file: string): TestDb | null => (file.endsWith('.postgres.test.ts') ? 'postgres' : null);

/** An import of `testDbKind` from test/db.ts. */
const READS_DB_KIND = /import\s*\{[^}]*\btestDbKind\b[^}]*\}\s*from\s*['"](?:\.\.?\/)+db\.ts['"]/;

/**
 * A file that behaves differently on each database (it imports `testDbKind`: crash tests on an embedded
 * data directory or a server, backups, job leases of an embedded database): it runs on both.
 */
const dependsOnDatabase = (root: string, file: string) =>
  READS_DB_KIND.test(fs.readFileSync(path.join(root, file), 'utf8'));

/**
 * The test files of one run. `split`: `npm test` runs both databases, so the full run (FULL_RUN) takes every
 * file it can and the other only its own files, the files that depend on the database and SMOKE. Not split
 * (no PostgreSQL, or TEST_FILES=all): every file the database can run.
 */
export function filesFor(root: string, db: TestDb, split: boolean): string[] {
  const files = testFiles(root).filter((file) => (onlyFor(file) ?? db) === db);
  if (!split || db === FULL_RUN) return files;
  return files.filter(
    (file) => onlyFor(file) === db || dependsOnDatabase(root, file) || SMOKE.includes(file),
  );
}
