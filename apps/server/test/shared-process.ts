import { afterAll, vi } from 'vitest';

// The test files of a worker share its process (vitest.config.ts, isolate: false): what one file
// mocked, stubbed or faked ends with that file.
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});
