import { configDefaults, defineConfig } from 'vitest/config';

/** `*.postgres.test.ts` files test what only PostgreSQL can show (concurrent transactions, outages): they run with TEST_DB=postgres. */
const postgresOnly = process.env.TEST_DB === 'postgres' ? [] : ['test/**/*.postgres.test.ts'];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...postgresOnly],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are large: keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
