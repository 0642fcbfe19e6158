import { defineConfig } from 'vitest/config';
import { longestFirst } from '../../scripts/longest-first.ts';
import { filesFor, isIsolated } from './test/test-files.ts';

const root = import.meta.dirname;
const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * `npm test` (scripts/test-all.mjs) runs the API tests on PGlite, and on PostgreSQL too when TEST_DATABASE_URL
 * is set. Then the files are split (test/test-files.ts): one database runs every file, the other only what is
 * specific to it and a smoke set. Anywhere else (`npx vitest run`, a single file, no PostgreSQL) a run takes
 * every file its database can run. TEST_FILES=split or TEST_FILES=all decides instead.
 */
const split =
  (process.env.TEST_FILES ??
    (process.env.npm_lifecycle_event === 'test' && process.env.TEST_DATABASE_URL ? 'split' : 'all')) ===
  'split';
const include = filesFor(root, onPostgres ? 'postgres' : 'pglite', split);

/**
 * What both projects below run with: only the files and whether they share their worker's modules differ. (Not
 * maxWorkers: a project's own would override --maxWorkers; both take the one below.)
 */
const common = {
  // Hang detectors, not speed checks, and the same for every test and hook (a file sets its own only
  // when it needs more): at a load average of 20 on 2 cores a test runs about ten times slower than on an
  // idle machine, and the slowest tests and set-ups take up to half a minute there (docs/decisions.md).
  testTimeout: 300_000,
  hookTimeout: 300_000,
  fileParallelism: true,
  setupFiles: ['test/shared-process.ts'],
};

export default defineConfig({
  test: {
    // On PGlite, one migrated database from which each test file's starts (test/pglite-snapshot.ts). Set here,
    // not in the projects: it runs once, and what it provides reaches both.
    globalSetup: onPostgres ? [] : ['test/pglite-snapshot.ts'],
    // PGlite instances are large: keep parallelism modest on 2-core machines.
    maxWorkers: 2,
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
    projects: [
      {
        test: {
          ...common,
          name: 'shared',
          include: include.filter((file) => !isIsolated(file)),
          // The files share their worker's process (loaded modules, the LibreOffice profile template): a fresh
          // process per file spent more time importing than most files spend testing. Each test file opens its
          // own database and apps; test/shared-process.ts undoes what a file may leave in the process. A vi.mock
          // here would not reach the modules another file loaded first: the lint allows it only in the files below.
          isolate: false,
        },
      },
      {
        // Files that mock modules (`*.isolated.test.ts`): each in a fresh module registry, so its mocks are what
        // the app it builds imports.
        test: {
          ...common,
          name: 'isolated',
          include: include.filter(isIsolated),
          isolate: true,
        },
      },
    ],
  },
});
