import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from './server.ts';

/**
 * What a failed journey saw, for a CI log that holds little else: each open page's address, its dialogs
 * and alerts (a screenshot of each under e2e/artifacts/failures), and what the server did lately. Each line
 * starts with "[diagnosis]", which scripts/test-all.mjs repeats in its summary of failures.
 */
export async function failureReport(test: string, browser?: Browser, server?: TestServer): Promise<string> {
  const lines: string[] = [`test: ${test}`];
  const pages = browser?.contexts().flatMap((context) => context.pages()) ?? [];
  for (const [index, page] of pages.entries()) {
    lines.push(...(await pageReport(page, `${slug(test)}-${index + 1}`)));
  }
  lines.push(
    ...((await server?.diagnose().catch((error: unknown) => String(error))) ?? 'no server').split('\n'),
  );
  return lines.map((line) => `[diagnosis] ${line.length > 400 ? `${line.slice(0, 400)}…` : line}\n`).join('');
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60);

const artifacts = path.resolve(import.meta.dirname, '../artifacts/failures');

/** A page's address, the text of its open dialogs and alerts, and where its screenshot was saved. */
async function pageReport(page: Page, name: string): Promise<string[]> {
  if (page.isClosed()) return [];
  const lines = [`page ${page.url()}`];
  const shown = page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible, [role="alert"]:visible');
  const texts = await shown.allInnerTexts().catch((error: unknown) => [`(unreadable: ${String(error)})`]);
  for (const text of texts) lines.push(`  shows: ${text.replace(/\s+/g, ' ').trim()}`);
  if (texts.length === 0) {
    const heading = await page
      .locator('h1')
      .first()
      .innerText({ timeout: 1_000 })
      .catch(() => '(none)');
    lines.push(`  heading: ${heading}`);
  }
  fs.mkdirSync(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name}.png`);
  await page
    .screenshot({ path: file, fullPage: true, timeout: 5_000 })
    .then(() => lines.push(`  screenshot: ${path.relative(process.cwd(), file)}`))
    .catch((error: unknown) => lines.push(`  no screenshot: ${String(error).split('\n')[0]}`));
  return lines;
}
