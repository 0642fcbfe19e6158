import { defineConfig } from 'vitest/config';
import { longestFirst } from '../scripts/longest-first.ts';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    // A hang detector, not a speed check: every browser action already stops at 30 s, so this limit only
    // ends a journey that is slow all along. It is generous because the machine is shared: with a load
    // average of 9 on its 2 cores, the signing journey took 183 s (it needs some 70 s when the machine is
    // calm). One limit for every journey; only the corpus round trip sets its own.
    testTimeout: 480_000,
    hookTimeout: 180_000,
    // expect.poll waits as long as a browser action does. Vitest's default of 1 s failed CI on a loaded
    // machine: the signee form had not yet loaded the levels when the first poll gave up.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    // Two files at a time: a journey spends most of its time waiting (on the server, on LibreOffice, on the
    // page), so two share a 2-core machine well.
    fileParallelism: true,
    maxWorkers: 2,
    // The files of a worker share it, and with it one server and one Chromium (support/journey.ts): the
    // server code is imported, the database migrated and the browser launched once per worker, not once
    // per file. Each file still finds an empty database, mailbox and real-time clock.
    isolate: false,
    // The corpus round trip takes two to three times any other journey.
    sequence: { sequencer: longestFirst(['editor-fidelity.e2e.test.ts']) },
  },
});
