import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // One browser and one server per file; files run one after another on small machines.
    fileParallelism: false,
  },
});
