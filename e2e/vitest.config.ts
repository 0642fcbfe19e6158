import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    // Generous: a journey and its axe-core checks take several times longer on a busy shared machine.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One browser and one server per file; files run one after another on small machines.
    fileParallelism: false,
  },
});
