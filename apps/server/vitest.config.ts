import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are large: keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
