import { defineConfig } from 'vitest/config';
import { longestFirst } from '../scripts/longest-first.ts';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    // Generous: a journey and its axe-core checks take several times longer on a busy shared machine.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One browser and one server per file, two files at a time: a journey spends most of its time
    // waiting (on the server, on LibreOffice, on the page), so two share a 2-core machine well.
    fileParallelism: true,
    maxWorkers: 2,
    // The corpus round trip takes two to three times any other journey.
    sequence: { sequencer: longestFirst(['editor-fidelity.e2e.test.ts']) },
  },
});
