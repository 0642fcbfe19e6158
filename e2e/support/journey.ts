import { afterAll, afterEach, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { checkPagesAfterEachTest, closeContexts, launchBrowser } from './browser.ts';
import { failureReport } from './failure-report.ts';
import { startServer, type TestServer } from './server.ts';

// Live bindings: a test file imports `server` and `browser` and reads them once its tests run.
/** The app server of the test file under way. */
export let server: TestServer;
/** The Chromium of the test file under way. */
export let browser: Browser;

/**
 * The server and the Chromium that the test files of a worker share (vitest.config.ts: isolate: false).
 * Starting a server (a fresh embedded database and its migrations) and a browser took 10–20 s a file on a
 * loaded machine; emptying the database takes well under one. They are fixtures of the worker, so Vitest
 * closes them when the worker ends; each holds its current one, which a file replaces when it broke.
 */
const shared = test
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's needs from this pattern
  .extend('workerServer', { scope: 'worker' }, ({}, { onCleanup }) => {
    const holder: { server?: TestServer } = {};
    onCleanup(async () => holder.server?.close());
    return holder;
  })
  // eslint-disable-next-line no-empty-pattern -- as above
  .extend('workerBrowser', { scope: 'worker' }, ({}, { onCleanup }) => {
    const holder: { browser?: Browser } = {};
    onCleanup(async () => holder.browser?.close());
    return holder;
  });

/** The worker's server, started by its first file and made fresh again (reset()) for each later one. */
async function sharedServer(holder: { server?: TestServer }): Promise<TestServer> {
  if (holder.server) {
    try {
      await holder.server.reset();
      return holder.server;
    } catch (error) {
      process.stderr.write(`The shared e2e server could not be reset, starting another: ${String(error)}\n`);
      await holder.server.close().catch(() => undefined);
      delete holder.server;
    }
  }
  holder.server = await startServer();
  return holder.server;
}

/** The worker's Chromium, launched again if it crashed. */
async function sharedBrowser(holder: { browser?: Browser }): Promise<Browser> {
  if (!holder.browser?.isConnected()) holder.browser = await launchBrowser();
  return holder.browser;
}

/**
 * A real server (embedded database, development mailbox) and Chromium for a test file. Without `env` the
 * file gets its worker's shared server, emptied to what a fresh one holds, with its clock at real time:
 * a journey signs up its own people and organization, and finds nobody else's. With `env` (e.g. the guided
 * tour on) the file starts a server of its own, closed after it. The browser is the worker's; the pages a
 * file opened are closed after it. `cleanUp` runs last.
 */
export function useServerAndBrowser(cleanUp?: () => void, env: Record<string, string> = {}): void {
  const own = Object.keys(env).length > 0;
  shared.beforeAll(async ({ workerServer, workerBrowser }) => {
    server = own ? await startServer(env) : await sharedServer(workerServer);
    browser = await sharedBrowser(workerBrowser);
  });
  checkPagesAfterEachTest();
  // A failed test says what its pages showed and what the server did, while both are still open.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') process.stderr.write(await failureReport(task.name, browser, server));
  });
  afterAll(async () => {
    if (browser) await closeContexts(browser);
    if (own) await server?.close();
    // A journey that moved the clock leaves real time behind it (reset() does it too).
    else server?.clock.reset();
    cleanUp?.();
  });
}
