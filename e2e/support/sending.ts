import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { makePdf } from '../../apps/server/test/fixtures/files.ts';
import { signUpWithOrganization, waitForPath } from './flows.ts';

/** Uploads a PDF through Create → Upload and opens it; returns the document's id. */
export async function uploadPdf(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('menuitem', { name: 'Upload' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload a file' });
  await upload.locator('input[type=file]').setInputFiles({
    name: 'lease.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('Lease agreement between Olli and Liisa'),
  });
  const type = page.getByRole('dialog', { name: 'File type' });
  await type.getByRole('radio', { name: /^Contract \(not editable\)/ }).check();
  await type.getByRole('button', { name: 'Continue' }).click();
  const naming = page.getByRole('dialog', { name: 'Name' });
  await naming.getByLabel('Name').fill(name);
  await naming.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('dialog', { name: 'Upload complete' }).getByRole('button', { name: 'Open' }).click();
  await waitForPath(page, /^\/document\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

export async function saveCardAndTopUp(page: Page) {
  await page.getByRole('button', { name: /Add payment method/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add payment method' });
  await dialog.getByRole('button', { name: 'Continue to the card payment provider' }).click();
  await waitForPath(page, /^\/sandbox-pay\/setup\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL((url) => url.pathname === '/settings/billing', { timeout: 10_000 });
  await page.getByText('Visa ending in 4242').waitFor();
  await page.getByRole('region', { name: 'Balance' }).getByRole('button', { name: 'Add balance' }).click();
  const topUp = page.getByRole('dialog', { name: 'Add balance' });
  await topUp.getByLabel('Amount (EUR)').fill('50');
  await topUp.getByRole('button', { name: 'Add balance' }).click();
  await page.getByText('€50.00 was added to the balance.').waitFor();
}

/** Opens the send dialog and waits for the server's quote, which lists every signee with its price. */
export async function openSendDialog(page: Page, signee: string) {
  await page.getByRole('button', { name: 'Send for signing' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Send for signing' });
  await dialog
    .getByRole('table', { name: 'Cost of the signatures' })
    .getByText(signee, { exact: false })
    .waitFor();
  return dialog;
}

export async function sendForSigning(page: Page, signee: string) {
  const dialog = await openSendDialog(page, signee);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
}

export interface DraftWithSignee {
  owner: { email: string; name: string };
  document: string;
  /** `language`: the signee's language as the form names it (absent: the sender's, the form's default). */
  signee: { givenName: string; familyName: string; email: string; language?: 'English' | 'Suomi' };
}

/**
 * A new owner signs up with the organization "Acme Oy", saves a test card and tops up €50, uploads a PDF
 * and adds one signee to it; the page is left on the document. Returns the document's id.
 */
export async function draftWithSignee(
  page: Page,
  { owner, document, signee }: DraftWithSignee,
): Promise<string> {
  await signUpWithOrganization(page, owner.email, owner.name);
  await page.goto('/settings/billing');
  await saveCardAndTopUp(page);
  await page.goto('/');
  const docId = await uploadPdf(page, document);
  await addSignee(page, signee);
  return docId;
}

/** Adds a signee through the document page's Signees panel and waits until the panel lists them. */
export async function addSignee(page: Page, signee: DraftWithSignee['signee']): Promise<void> {
  const panel = page.getByRole('region', { name: 'Signees' });
  const form = panel.getByRole('form', { name: 'Add signee' });
  await form.getByLabel('Given name').fill(signee.givenName);
  await form.getByLabel('Family name').fill(signee.familyName);
  await form.getByLabel('Email').fill(signee.email);
  if (signee.language) {
    await form.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: signee.language }).click();
  }
  await form.getByRole('button', { name: 'Add signee' }).click();
  await panel
    .getByRole('listitem')
    .filter({ hasText: `${signee.givenName} ${signee.familyName}` })
    .waitFor();
}

/**
 * Waits, reloading the document page, until the seal job (the server's worker) has finished and the page
 * offers the signed PDF; answers that button.
 */
export async function waitForSignedDownload(page: Page): Promise<Locator> {
  const download = page.getByRole('button', { name: 'Download signed PDF' });
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByRole('region', { name: 'Signees' }).waitFor();
        return download.isVisible();
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(true);
  return download;
}
