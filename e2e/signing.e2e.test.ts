import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFString } from '@cantoo/pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { makePdf } from '../apps/server/test/fixtures/files.ts';
import { launchBrowser, newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import { startServer, type TestServer } from './support/server.ts';
import { drawSignature, pdfsig, waitForMail } from './support/signing.ts';

let server: TestServer;
let browser: Browser;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-signing-e2e-'));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const OWNER = 'olli.omistaja@example.com';
const OTHER = 'liisa.laine@example.com';

/** Uploads a PDF through Create → Upload and opens it; returns the document's id. */
async function uploadPdf(page: Page, name: string): Promise<string> {
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

async function saveCardAndTopUp(page: Page) {
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

async function sendForSigning(page: Page) {
  await page.getByRole('button', { name: 'Send for signing' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Send for signing' });
  await dialog.getByRole('list', { name: 'Signees' }).getByText(OTHER, { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
}

/** One signee's whole journey in a browser context of their own, from the e-mailed link. */
async function signAs(email: string, shot?: string) {
  const request = await waitForMail(server.url, email, (m) => m.subject.startsWith('Signature request:'));
  const link = request.links.find((l) => l.includes('/public/sign/'));
  expect(link).toBeTruthy();
  const context = await newContext(browser, server.url);
  const page = await context.newPage();
  await page.goto(link ?? '');
  await page.getByRole('button', { name: 'Start signing' }).click();
  await waitForPath(page, /^\/public\/session\/[A-Za-z0-9_-]{43}$/);
  expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
  await page.getByText(/Finish by .+ The signing session ends 60 minutes after it started\./).waitFor();
  await page.locator('canvas[data-page="1"][data-rendered]').waitFor();

  const before = Date.now();
  await page.getByRole('button', { name: 'Send code by e-mail' }).click();
  await page.getByText(/You can ask for a new code in \d+ s\./).waitFor();
  const mail = await waitForMail(server.url, email, (m) => m.subject.startsWith('Your verification code is'));
  const code = /(\d{6})/.exec(mail.subject)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect(Date.now() - before).toBeLessThan(30_000);
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('Your e-mail address is confirmed.').waitFor();

  await drawSignature(page);
  await page.getByLabel('I have read the document and sign it electronically').check();
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await waitForPath(page, /^\/public\/signing\/success\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: 'Document signed' }).waitFor();
  await page.getByRole('link', { name: 'Continue' }).click();
  await waitForPath(page, '/signup');
  await context.close();
}

/**
 * A byte every signature covers: inside the first signed range (from the ByteRange of the first
 * signature), in the original page's text when it is still there, otherwise inside the first stream.
 */
function byteToFlip(bytes: Buffer): number {
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)/.exec(bytes.toString('latin1'));
  const firstRangeEnd = range ? Number(range[1]) + Number(range[2]) : bytes.length;
  const text = bytes.indexOf('Lease agreement');
  if (text > 0 && text < firstRangeEnd) return text;
  const stream = bytes.indexOf('stream\n');
  expect(stream).toBeGreaterThan(0);
  expect(stream + 20).toBeLessThan(firstRangeEnd);
  return stream + 20;
}

/** A copy of the sealed PDF with a page and a note appended as an incremental update after the seal. */
async function appendAfterSeal(file: string): Promise<string> {
  const doc = await PDFDocument.load(fs.readFileSync(file), { forIncrementalUpdate: true });
  doc.addPage([595, 842]);
  const note = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Text',
    Rect: [10, 10, 30, 30],
    Contents: PDFString.of('Changed after signing'),
  });
  doc.getPage(0).node.addAnnot(doc.context.register(note));
  const extended = path.join(tmp, 'extended.pdf');
  fs.writeFileSync(extended, await doc.commit());
  return extended;
}

/**
 * Anyone's check at /verify (issue 11): the downloaded file shows every signature valid, time-stamped and
 * unchanged; a copy with a page and a note appended after the seal is refused with the change named.
 */
async function verifyInBrowser(page: Page, signed: string) {
  await page.goto('/verify');
  await page.getByRole('heading', { name: 'Verify a signed PDF' }).waitFor();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Choose a PDF file' }).click(),
  ]);
  await chooser.setFiles(signed);
  await page
    .getByText('All signatures are valid, and the document has not been changed after signing.')
    .waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByText('Valid', { exact: true }).count()).toBe(4);
  expect(await page.getByText('Not valid', { exact: true }).count()).toBe(0);
  expect(await page.getByText(/^Time-stamped at /).count()).toBeGreaterThanOrEqual(3);
  expect(await page.getByText('No changes after signing.', { exact: true }).count()).toBeGreaterThan(0);
  await screenshot(page, 'verify-valid');

  const extended = await appendAfterSeal(signed);
  const [again] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Check another file' }).click(),
  ]);
  await again.setFiles(extended);
  await page
    .getByText('At least one signature is not valid, or the document was changed after signing.')
    .waitFor({ timeout: 30_000 });
  await page
    .getByText(/^Pages added: \d+$/)
    .first()
    .waitFor();
  await page.getByText('Annotation (Text) added on page 1').first().waitFor();
  await screenshot(page, 'verify-changed');
}

describe('signing journey', () => {
  it('adds signees, meets the low balance, tops up, sends, both sign, and the sealed PDF verifies', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, OWNER, 'Olli Omistaja');
    const docId = await uploadPdf(page, 'Lease 2026');

    const panel = page.getByRole('region', { name: 'Signees' });
    const form = panel.getByRole('form', { name: 'Add signee' });
    await form.getByRole('button', { name: 'Add signee' }).click();
    await form.getByText('Email address is required for signees.').waitFor();
    await form.getByRole('button', { name: 'Use my details' }).click();
    expect(await form.getByLabel('Email').inputValue()).toBe(OWNER);
    await form.getByRole('button', { name: 'Add signee' }).click();
    await panel.getByRole('listitem').filter({ hasText: OWNER }).waitFor();
    await form.getByLabel('Given name').fill('Liisa');
    await form.getByLabel('Family name').fill('Laine');
    await form.getByLabel('Email').fill(OTHER);
    await form.getByRole('button', { name: 'Add signee' }).click();
    await panel.getByRole('listitem').filter({ hasText: 'Liisa Laine' }).waitFor();
    expect(await panel.getByRole('listitem').count()).toBe(2);

    // Nothing in the balance yet.
    await sendForSigning(page);
    const low = page.getByRole('dialog', { name: 'Balance too low' });
    await low.getByText('Adding balance is required to start signing.').waitFor();
    await low.getByRole('button', { name: 'Add balance' }).click();
    await waitForPath(page, '/settings/billing');
    await saveCardAndTopUp(page);

    await page.goto(`/document/${docId}`);
    await panel.getByRole('listitem').filter({ hasText: 'Liisa Laine' }).waitFor({ timeout: 30_000 });
    await sendForSigning(page);
    const complete = page.getByRole('dialog', { name: 'Sent for signing' });
    await complete.waitFor();
    await complete.getByRole('button', { name: 'OK' }).click();
    // The owner is a signee: the page offers their own signing link.
    const own = page.getByRole('dialog', { name: 'Your signature is needed' });
    await own.waitFor({ timeout: 20_000 });
    await own.getByRole('button', { name: 'Later' }).click();
    await page.getByRole('button', { name: 'Cancel signing' }).waitFor();

    await signAs(OWNER, 'signing-page');
    await signAs(OTHER);

    // The seal job runs in the server's worker; the page shows the downloads once Signed.
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
    await screenshot(page, 'signed-document');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const signed = path.join(tmp, 'signed.pdf');
    await file.saveAs(signed);
    const report = await pdfsig(signed);
    console.warn(report.output);
    // Two signees and the platform seal, then the document time-stamp over the whole file (PAdES B-LTA),
    // which pdfsig lists but cannot check itself.
    expect(report.signatures).toHaveLength(4);
    expect(report.signatures.slice(0, 3).every((s) => s.valid)).toBe(true);
    expect(report.signatures.at(-1)?.lines).toContain('Total document signed');

    // One byte changed inside the signed ranges: pdfsig must notice (its exit code stays 0).
    const bytes = fs.readFileSync(signed);
    const at = byteToFlip(bytes);
    bytes[at] = bytes[at] === 0x41 ? 0x42 : 0x41;
    const tampered = path.join(tmp, 'tampered.pdf');
    fs.writeFileSync(tampered, bytes);
    const broken = await pdfsig(tampered);
    expect(broken.signatures).toHaveLength(4);
    expect(broken.signatures.some((s) => s.valid)).toBe(false);
    expect(broken.output).toMatch(/Digest Mismatch/);

    const [certificate] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Certificate of completion' }).click(),
    ]);
    expect(certificate.suggestedFilename()).toMatch(/\.pdf$/);

    await verifyInBrowser(page, signed);
    await context.close();
  }, 180_000);
});
