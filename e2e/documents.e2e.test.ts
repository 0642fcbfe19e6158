import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, screenshot } from './support/browser.ts';
import {
  rowAction,
  uploadThroughDialogs,
  waitForRenderedPages,
  writeDocx,
  writePdf,
} from './support/documents.ts';
import { signInWithLocalProvider, waitForPath } from './support/flows.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-documents-e2e-'));

useServerAndBrowser(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A word that appears only inside the PDF, never in a name. */
const SECRET = 'Quokkaberry';

/** A new user signs in and skips creating an organization: the Personal workspace. */
async function signUpPersonal(page: Page) {
  await page.goto('/');
  await waitForPath(page, '/signin');
  await signInWithLocalProvider(page, 'dora.dokumentti@example.com', 'Dora Dokumentti');
  await waitForPath(page, '/setup/create-organization');
  await page.getByRole('button', { name: 'Skip' }).click();
  await waitForPath(page, '/setup/confirm-plan');
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await waitForPath(page, '/');
}

const card = (page: Page, filter: string) => page.getByTestId(`card-count-${filter}`);

describe('documents journey', () => {
  it('uploads, previews, converts, organises, searches, archives and deletes documents', async () => {
    const pdfFile = await writePdf(tmp, 'Lease agreement.pdf', `Rental terms: ${SECRET} clause applies.`);
    const docxFile = await writeDocx(tmp, 'Board memo', 'Minutes of the board meeting.');
    const context = await newContext(browser, server.url);
    // Every Content-Security-Policy violation of every page is kept (there must be none).
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const page = await context.newPage();
    await signUpPersonal(page);

    // Empty dashboard: no card links while every count is 0.
    await expect.poll(() => card(page, 'draft').innerText()).toBe('0');
    expect(await page.getByTestId('card-draft').evaluate((e) => e.tagName)).not.toBe('A');
    await page.getByText('No documents yet').waitFor();

    // PDF: uploaded as a contract, previewed page by page with zoom.
    await uploadThroughDialogs(page, pdfFile, /^Contract$/, { prefilled: 'Lease agreement' });
    await page.getByRole('heading', { name: 'Lease agreement', level: 1 }).waitFor();
    await waitForRenderedPages(page, 2);
    // The pages fit the preview's width at first; zoom in makes them larger, fit brings it back.
    const percent = async () => Number.parseInt(await page.getByTestId('zoom-level').innerText(), 10);
    const fitted = await percent();
    const width = () => page.getByRole('img', { name: 'Page 1 of 2' }).evaluate((c) => c.clientWidth);
    const fittedWidth = await width();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(percent).toBeGreaterThan(fitted);
    await expect.poll(width).toBeGreaterThan(fittedWidth);
    await page.getByRole('button', { name: 'Fit to width' }).click();
    await expect.poll(percent).toBe(fitted);
    await waitForRenderedPages(page, 2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('toolbar', { name: 'Document actions' })
        .getByRole('button', { name: 'Download' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('Lease agreement.pdf');
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const pdfUrl = page.url();

    // DOCX: converted to PDF in the background, then previewed.
    await uploadThroughDialogs(page, docxFile, /^Contract$/, { prefilled: 'Board memo' });
    await page.getByRole('heading', { name: 'Board memo', level: 1 }).waitFor();
    await waitForRenderedPages(page, 1, 60_000);
    await screenshot(page, 'document-preview');
    const docxUrl = page.url();

    // A folder, created from the Create menu and opened from its complete dialog.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'New folder' }).click();
    const naming = page.getByRole('dialog', { name: 'New folder' });
    await naming.getByLabel('Folder name').fill('Contracts 2025');
    await naming.getByRole('button', { name: 'Create' }).click();
    const created = page.getByRole('dialog', { name: 'Folder created' });
    await created.getByRole('button', { name: 'Open' }).click();
    await waitForPath(page, /^\/documents\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Contracts 2025' }).waitFor();
    await page.getByText('This folder is empty').waitFor();
    const folderPath = new URL(page.url()).pathname;

    // The top level lists the folder first; move the PDF into it.
    await page.getByRole('link', { name: 'Documents', exact: true }).first().click();
    await waitForPath(page, '/documents');
    const list = page.getByRole('table', { name: 'Documents' });
    await list.getByRole('link', { name: 'Lease agreement' }).waitFor();
    expect(await list.getByRole('row').nth(1).innerText()).toContain('Contracts 2025');
    await screenshot(page, 'documents');

    // On a 390 px phone the list is a card per document: name, state and date in view, actions reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Documents' });
    const leaseCard = cards.getByRole('listitem').filter({ hasText: 'Lease agreement' });
    await leaseCard.waitFor();
    const text = await leaseCard.innerText();
    expect(text).toContain('Draft');
    expect(text).toMatch(/Last updated:\s*\S/);
    const fits = await leaseCard.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth);
    expect(fits).toBe(true);
    // From the keyboard: a pointer's click, aimed while the cards were still settling after the resize, once
    // landed on the card itself (which opens the document) instead of its actions button.
    await leaseCard.getByRole('button', { name: 'Actions for Lease agreement' }).press('Enter');
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('dialog', { name: 'Rename' }).getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1280, height: 720 });
    await list.getByRole('link', { name: 'Lease agreement' }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);

    await rowAction(page, 'Lease agreement', 'Move');
    const move = page.getByRole('dialog', { name: 'Move “Lease agreement”' });
    await move.getByRole('button', { name: 'Open folder Contracts 2025' }).click();
    await move.getByRole('button', { name: 'Move to Contracts 2025' }).click();
    await move.waitFor({ state: 'hidden' });
    await expect.poll(() => list.getByRole('link', { name: 'Lease agreement' }).count()).toBe(0);

    // In the folder: rename it.
    await list.getByRole('link', { name: 'Contracts 2025' }).click();
    await waitForPath(page, folderPath);
    await page.getByRole('button', { name: 'Back' }).waitFor();
    await rowAction(page, 'Lease agreement', 'Rename');
    const rename = page.getByRole('dialog', { name: 'Rename' });
    await rename.getByLabel('Name').fill('Lease Helsinki');
    await rename.getByLabel('Name').press('Enter');
    await page.getByRole('link', { name: 'Lease Helsinki' }).waitFor();

    // Search by a word found only inside the PDF (its text is indexed by a background job).
    await expect
      .poll(
        async () => {
          await page.getByRole('textbox', { name: 'Search' }).fill(SECRET);
          await page.getByRole('textbox', { name: 'Search' }).press('Enter');
          await waitForPath(page, `/search/${SECRET}`);
          await page.getByRole('heading', { name: `Search results for “${SECRET}”` }).waitFor();
          await page.getByTestId('empty-state').or(page.getByRole('table')).first().waitFor();
          return page.getByRole('link', { name: 'Lease Helsinki' }).count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);

    // Archive the memo: it shows under Archive and on the archived card.
    await page.goto(new URL(docxUrl).pathname);
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('“Board memo” was archived.').waitFor();
    await page.getByRole('button', { name: 'Restore' }).waitFor();
    await page.getByRole('link', { name: 'Archive', exact: true }).click();
    await waitForPath(page, '/filtered/archived');
    await page.getByRole('table', { name: 'Archived' }).getByRole('link', { name: 'Board memo' }).waitFor();

    // Dashboard: one draft, one archived; recent documents without actions.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/');
    await expect.poll(() => card(page, 'draft').innerText()).toBe('1');
    await expect.poll(() => card(page, 'archived').innerText()).toBe('1');
    expect(await card(page, 'signing').innerText()).toBe('0');
    const recent = page.getByRole('table', { name: 'Recently updated' });
    await recent.getByRole('link', { name: 'Lease Helsinki' }).waitFor();
    await recent.getByRole('link', { name: 'Board memo' }).waitFor();
    expect(await recent.getByRole('button', { name: /Actions for/ }).count()).toBe(0);
    await screenshot(page, 'dashboard-cards');
    await page.getByRole('link', { name: /^Archived 1 / }).click();
    await waitForPath(page, '/filtered/archived');

    // Delete the PDF from its page: back to its folder, which is empty again.
    await page.goto(new URL(pdfUrl).pathname);
    await page.getByRole('heading', { name: 'Lease Helsinki', level: 1 }).waitFor();
    await page
      .getByRole('toolbar', { name: 'Document actions' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await waitForPath(page, folderPath);
    await page.getByText('This folder is empty').waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => card(page, 'draft').innerText()).toBe('0');
    await context.close();
  });
});
