import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { longestFirst } from '../../scripts/longest-first.ts';
import { filesUsingDatabase } from './test/uses-database.ts';

const root = import.meta.dirname;
const onPostgres = process.env.TEST_DB === 'postgres';

/** Every test file, relative to the package. */
function testFiles(): string[] {
  return ['test', 'src'].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.join(dir, file)),
  );
}

/**
 * On PGlite (the default): every test file except `*.postgres.test.ts`, which test what only PostgreSQL
 * can show (concurrent transactions, outages). On PostgreSQL (TEST_DB=postgres): those, and every other
 * file that uses a database (test/uses-database.ts); the files that use none ran on the PGlite run.
 */
const include = onPostgres
  ? filesUsingDatabase(root, testFiles())
  : ['test/**/*.test.ts', 'src/**/*.test.ts'];
const postgresOnly = onPostgres ? [] : ['test/**/*.postgres.test.ts'];

export default defineConfig({
  test: {
    include,
    // On PGlite, one migrated database from which each test file's starts (test/pglite-snapshot.ts).
    globalSetup: onPostgres ? [] : ['test/pglite-snapshot.ts'],
    exclude: [...configDefaults.exclude, ...postgresOnly],
    // Hang detectors, not speed checks, and the same for every test and hook (a file sets its own only
    // when it needs more): at a load average of 20 on 2 cores a test runs about ten times slower than on an
    // idle machine, and the slowest tests and set-ups take up to half a minute there (docs/decisions.md).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // PGlite instances are large: keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    fileParallelism: true,
    // The files share their worker's process (loaded modules, the LibreOffice profile template): a fresh
    // process per file spent more time importing than most files spend testing. Each test file opens its
    // own database and apps; test/shared-process.ts undoes what a file may leave in the process.
    isolate: false,
    setupFiles: ['test/shared-process.ts'],
    // The files that take longest (a minute of crash tests; LibreOffice conversions) start first.
    sequence: {
      sequencer: longestFirst([
        'test/faults/faults.test.ts',
        'test/document-versions.test.ts',
        'test/conversion.test.ts',
        'test/authorization-matrix.test.ts',
        'test/document-edit.test.ts',
      ]),
    },
  },
});
