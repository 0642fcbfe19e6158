import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { failureReport } from './failure-report.ts';
import { startServer, type TestServer } from './server.ts';

// Live bindings: a test file imports `server` and `browser` and reads them once its tests run.
/** The app server of the test file that called useServerAndBrowser(). */
export let server: TestServer;
/** The Chromium of the test file that called useServerAndBrowser(). */
export let browser: Browser;

/**
 * One real server (embedded database, development mailbox) and one Chromium for a test file: started
 * before its tests, closed after them. `cleanUp` runs after both are closed; `env` adds to the server's
 * environment.
 */
export function useServerAndBrowser(cleanUp?: () => void, env: Record<string, string> = {}): void {
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  // A failed test says what its pages showed and what the server did, while both are still open.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') process.stderr.write(await failureReport(task.name, browser, server));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    cleanUp?.();
  });
}
