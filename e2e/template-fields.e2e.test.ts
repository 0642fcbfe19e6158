import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDocx } from '../apps/server/test/fixtures/office.ts';
import { newContext, screenshot } from './support/browser.ts';
import { uploadThroughDialogs, waitForRenderedPages } from './support/documents.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import { saveCardAndTopUp, sendForSigning, waitForSignedDownload } from './support/sending.ts';
import { pdfToText, signFromMail } from './support/signing.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

// Template fields and signee roles (issue 13 item 4): a DOCX template's {{placeholders}} and roles are asked
// for by Use template; the new contract's PDF, search text and, once signed, its signed PDF hold the values.
useServerAndBrowser();

const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const TEMPLATE = makeDocx(
  `<w:p>${run('Lease agreement')}</w:p>` +
    `<w:p>${run('The tenant {{tenant_name}} rents the flat from {{start_date:date}}.')}</w:p>`,
);

describe('template fields', () => {
  it('Use template asks for the fields and roles; the contract, sent and signed, holds the values', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-template-e2e-'));
    const file = path.join(dir, 'Lease template.docx');
    fs.writeFileSync(file, TEMPLATE);
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, 'pohja@example.com', 'Paula Pohja');

    await uploadThroughDialogs(page, file, /^Template/, { prefilled: 'Lease template' });
    await page.getByRole('heading', { name: 'Lease template', level: 1 }).waitFor();
    // The template panel lists the fields and takes a signee role.
    const panel = page.getByRole('region', { name: 'Template' });
    await panel.getByRole('list', { name: 'Fields' }).getByText('Start date · date').waitFor();
    await panel.getByRole('textbox', { name: 'Role', exact: true }).fill('Tenant');
    await panel.getByRole('button', { name: 'Add role' }).click();
    await panel.getByRole('list', { name: 'Signee roles' }).getByText('Tenant').waitFor();
    await page.getByRole('button', { name: 'Use template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New document from a template' });
    const fields = dialog.getByRole('group', { name: "Fill in the template's fields" });
    await fields.waitFor();
    await dialog.getByLabel('Document name').fill('Lease of flat 4');
    await fields.getByLabel('Tenant name').fill('Äijälä Öhman');
    await fields.getByLabel('Start date').fill('2026-07-01');
    const tenant = dialog.getByRole('group', { name: 'Tenant' });
    await tenant.getByLabel('Given name').fill('Äijälä');
    await tenant.getByLabel('Family name').fill('Öhman');
    await tenant.getByLabel('Email').fill('aijala@example.com');
    await screenshot(page, 'template-fields');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const complete = page.getByRole('dialog', { name: 'Document created' });
    await complete.getByRole('button', { name: 'Open' }).click();
    await waitForPath(page, /^\/document\/[0-9a-f-]{36}$/);
    const contractPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: 'Lease of flat 4', level: 1 }).waitFor();
    await waitForRenderedPages(page, 1);
    await page.getByRole('list', { name: 'Signees' }).getByText('Äijälä Öhman').waitFor();

    // The contract's PDF text (indexed by a background job) has the values; the template's does not.
    await expect
      .poll(
        async () => {
          await page.getByRole('textbox', { name: 'Search' }).fill('Öhman');
          await page.getByRole('textbox', { name: 'Search' }).press('Enter');
          await waitForPath(page, `/search/${encodeURIComponent('Öhman')}`);
          await page.getByTestId('empty-state').or(page.getByRole('table')).first().waitFor();
          return page.getByRole('link', { name: 'Lease of flat 4' }).count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    await page.getByRole('link', { name: 'Lease template' }).waitFor({ state: 'detached' });

    // Sent to the tenant the template's role named, signed, and the signed PDF holds the values.
    await page.goto('/settings/billing');
    await saveCardAndTopUp(page);
    await page.goto(contractPath);
    await sendForSigning(page, 'Äijälä Öhman');
    await page.getByRole('button', { name: 'Cancel signing' }).waitFor();
    await signFromMail(browser, server.url, 'aijala@example.com');
    const download = await waitForSignedDownload(page);
    const [signedFile] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const signed = path.join(dir, 'signed.pdf');
    await signedFile.saveAs(signed);
    const text = await pdfToText(signed);
    expect(text).toContain('The tenant Äijälä Öhman rents the flat from 1 July 2026.');
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
