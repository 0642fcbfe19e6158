import { describe, expect, it } from 'vitest';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization } from './support/flows.ts';
import { uploadPdf } from './support/sending.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

// Share links (issue 13 item 5): a read-only view of a document for someone outside the organization.
useServerAndBrowser();

describe('share links', () => {
  it('a link opens the PDF in a fresh browser, with its download, and stops working after revoke', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, 'jakaja@example.com', 'Jaana Jakaja');
    await uploadPdf(page, 'Shared lease');

    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Shared lease' });
    await dialog.getByText('No links yet.').waitFor();
    await dialog.getByRole('checkbox', { name: 'Allow downloading the PDF' }).check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByRole('textbox', { name: 'Share link' });
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/\/public\/share\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('list', { name: 'Links to this document' }).getByText('Active').waitFor();
    await screenshot(page, 'share-dialog');

    // Someone outside: no session, another browser context.
    const outside = await newContext(browser, server.url);
    const reader = await outside.newPage();
    await reader.goto(new URL(link).pathname);
    await reader.getByRole('heading', { name: 'Shared lease' }).waitFor();
    await reader.locator('canvas[data-page="1"][data-rendered]').waitFor({ timeout: 30_000 });
    await screenshot(reader, 'share-view');
    const [download] = await Promise.all([
      reader.waitForEvent('download'),
      reader.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Shared lease.pdf');

    await dialog.getByRole('button', { name: /^Revoke the link made/ }).click();
    await dialog.getByRole('list', { name: 'Links to this document' }).getByText('Revoked').waitFor();
    await reader.reload();
    await reader.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await outside.close();
    await context.close();
  });
});
