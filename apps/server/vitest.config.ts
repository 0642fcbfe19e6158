import { configDefaults, defineConfig } from 'vitest/config';

/** `*.postgres.test.ts` files test what only PostgreSQL can show (concurrent transactions, outages): they run with TEST_DB=postgres. */
const postgresOnly = process.env.TEST_DB === 'postgres' ? [] : ['test/**/*.postgres.test.ts'];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...postgresOnly],
    // Hang detectors, not speed checks: a shared CI machine was seen running the suites 2-3 times slower
    // than an idle one, and tests that convert with LibreOffice then need more than half a minute.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // PGlite instances are large: keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
