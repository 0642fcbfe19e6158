import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

export async function newContext(
  browser: Browser,
  baseURL: string,
  locale = 'en-US',
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale, timezoneId: 'Europe/Helsinki' });
  context.setDefaultTimeout(15_000);
  return context;
}

const artifacts = path.resolve(import.meta.dirname, '../artifacts');

/** Saves a screenshot under e2e/artifacts (for the README and for looking at failures). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
