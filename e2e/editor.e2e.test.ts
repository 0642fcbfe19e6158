import { describe, expect, it } from 'vitest';
import { newContext, screenshot } from './support/browser.ts';
import { waitForRenderedPages } from './support/documents.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

// The browser DOCX editor (issue 13 item 1): a new document is written in the browser, saved, and its
// preview and search then show the new text.
useServerAndBrowser();

describe('the DOCX editor', () => {
  it('New document → Edit → type → Save: the preview and search show the text', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, 'kirjoittaja@example.com', 'Kaisa Kirjoittaja');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'New document' }).click();
    const naming = page.getByRole('dialog', { name: 'New document' });
    await naming.getByLabel('Document name').fill('Written in the browser');
    await naming.getByRole('button', { name: 'Create' }).click();
    await page
      .getByRole('dialog', { name: 'Document created' })
      .getByRole('button', { name: 'Open' })
      .click();
    await waitForPath(page, /^\/document\/[0-9a-f-]{36}$/);
    const documentPath = new URL(page.url()).pathname;

    await page.getByRole('link', { name: 'Edit' }).click({ timeout: 30_000 });
    await waitForPath(page, /^\/edit\/[0-9a-f-]{36}$/);
    const save = page.getByRole('button', { name: 'Save' });
    await expect.poll(() => save.isEnabled(), { timeout: 30_000 }).toBe(true);
    // SuperDoc lays the pages out itself and takes the keyboard through a hidden field: a click on the
    // first page puts the cursor in its (empty) first paragraph.
    await page.getByTestId('editor-pages').click({ position: { x: 150, y: 110 } });
    // Typed at a person's pace: the editor reads its hidden field per input event.
    await page.keyboard.type('Vuokrasopimus', { delay: 40 });
    await page.keyboard.press('Enter');
    await page.keyboard.type('Äijälä ja Öhman sopivat vuokrasta. Quokkaberry.', { delay: 40 });
    const pages = page.getByTestId('editor-pages');
    await pages.getByText('Äijälä ja Öhman sopivat vuokrasta. Quokkaberry.').waitFor();
    await page.getByText('Unsaved changes').waitFor();
    await screenshot(page, 'editor');
    await save.click();
    await waitForPath(page, documentPath);
    await page.getByText('Saved. The preview updates when the new PDF is ready.').waitFor();
    await waitForRenderedPages(page, 1);

    await expect
      .poll(
        async () => {
          await page.getByRole('textbox', { name: 'Search' }).fill('Quokkaberry');
          await page.getByRole('textbox', { name: 'Search' }).press('Enter');
          await waitForPath(page, '/search/Quokkaberry');
          await page.getByTestId('empty-state').or(page.getByRole('table')).first().waitFor();
          return page.getByRole('link', { name: 'Written in the browser' }).count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);
    await context.close();
  }, 240_000);
});
