import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterEach } from 'vitest';
import {
  checksDone,
  describeViolations,
  expectAccessible,
  watchAccessibility,
  type Violation,
} from './a11y.ts';
import { watchContentSecurityPolicy } from './csp.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing that reaches the network on its own. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: run scripts/install-test-deps.sh (or set CHROMIUM_PATH).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** A context of its own; `options` adds to the defaults (e.g. a phone's viewport and touch). */
export async function newContext(
  browser: Browser,
  baseURL: string,
  locale = 'en-US',
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale, timezoneId: 'Europe/Helsinki', ...options });
  // Hang detectors, not speed checks: two journeys share a 2-core machine with their servers and LibreOffice.
  context.setDefaultTimeout(30_000);
  const found: Violation[] = [];
  await watchAccessibility(context, found);
  watched.push(found);
  await watchContentSecurityPolicy(context, refused);
  return context;
}

/** The accessibility findings of every context opened by the test file under way. */
const watched: Violation[][] = [];
/** The Content-Security-Policy violations of every page opened in this test file. */
const refused: string[] = [];

/**
 * Every screen a test visited (and every dialog it opened) must pass axe-core (WCAG 2.2 A/AA), and no page
 * may break the Content-Security-Policy; the test fails otherwise. Registered by each test file (through
 * useServerAndBrowser): the files of a worker share this module, so a hook at its top level would only
 * reach the first of them.
 */
export function checkPagesAfterEachTest(): void {
  afterEach(async () => {
    const found: Violation[] = [];
    for (const list of watched) {
      await checksDone(list);
      found.push(...list.splice(0));
    }
    const violations = refused.splice(0);
    if (violations.length > 0) {
      throw new Error(`The pages broke the Content-Security-Policy:\n  ${violations.join('\n  ')}`);
    }
    if (found.length > 0) {
      throw new Error(`axe-core found accessibility violations:\n${describeViolations(found)}`);
    }
  });
}

/** Closes every page a test file opened (the browser stays for the worker's next file). */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
  watched.length = 0;
  refused.length = 0;
}

const artifacts = path.resolve(import.meta.dirname, '../artifacts');

/**
 * Saves a screenshot under e2e/artifacts (for the README and for looking at failures); the screen
 * shown must pass axe-core first.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await expectAccessible(page, name);
  fs.mkdirSync(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
