import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFString } from '@cantoo/pdf-lib';
import type { Page } from 'playwright-core';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import {
  openSendDialog,
  saveCardAndTopUp,
  sendForSigning,
  uploadPdf,
  waitForSignedDownload,
} from './support/sending.ts';
import { drawSignature, mailTo, pdfImages, pdfMaskInk, pdfsig, waitForMail } from './support/signing.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-signing-e2e-'));

useServerAndBrowser(() => fs.rmSync(tmp, { recursive: true, force: true }));

const OWNER = 'olli.omistaja@example.com';
const OTHER = 'liisa.laine@example.com';
const OTHER_NAME = 'Liisa Laine';

/** One signee's whole journey in a browser context of their own, from the e-mailed link. */
async function signAs(email: string, shot?: string) {
  const request = await waitForMail(server.url, email, (m) => m.subject.startsWith('Signature request:'));
  const link = request.links.find((l) => l.includes('/public/sign/'));
  expect(link).toBeTruthy();
  const context = await newContext(browser, server.url);
  const page = await context.newPage();
  await page.goto(link ?? '');
  // Every public page names who asks and the document under the Sinetti mark (issue 12 item 7).
  const header = page.locator('header');
  await header.getByText('From Acme Oy').waitFor();
  await header.getByText('Lease 2026').waitFor();
  await page.getByRole('button', { name: 'Start signing' }).click();
  await waitForPath(page, /^\/public\/session\/[A-Za-z0-9_-]{43}$/);
  await header.getByText('From Acme Oy').waitFor();
  expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
  await page.getByText(/Finish by .+ The signing session ends 60 minutes after it started\./).waitFor();
  await page.locator('canvas[data-page="1"][data-rendered]').waitFor();

  await page.getByRole('button', { name: 'Send code by e-mail' }).click();
  await page.getByText(/You can ask for a new code in \d+ s\./).waitFor();
  const mail = await waitForMail(server.url, email, (m) => m.subject.startsWith('Your verification code is'));
  const code = /(\d{6})/.exec(mail.subject)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('Your e-mail address is confirmed.').waitFor();

  await drawSignature(page);
  await page.getByLabel('I have read the document and sign it electronically').check();
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await waitForPath(page, /^\/public\/signing\/success\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: 'Document signed' }).waitFor();
  await header.getByText('Lease 2026').waitFor();
  await page.getByRole('link', { name: 'Continue' }).click();
  await waitForPath(page, '/signup');
  await context.close();
}

/**
 * The second signee on a 390 px phone in a Finnish browser, keyboard only: the page stays in the language of
 * the e-mail (English: the sender's), the sticky bar is on screen, "jump to sign" leads to the code step,
 * focus follows send code → code field → signature, and the typed signature is signed.
 */
async function signWithKeyboard(email: string, name: string) {
  const request = await waitForMail(server.url, email, (m) => m.subject.startsWith('Signature request:'));
  const link = request.links.find((l) => l.includes('/public/sign/')) ?? '';
  const context = await newContext(browser, server.url, 'fi-FI');
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  /** Presses Tab until the control named `name` has focus: it is reached with the keyboard alone. */
  const tabTo = async (name: string) => {
    for (let presses = 0; presses < 40; presses++) {
      await page.keyboard.press('Tab');
      if ((await focused()) === name) return;
    }
    throw new Error(`Tab never reached "${name}"`);
  };
  await page.getByRole('button', { name: 'Start signing' }).waitFor();
  await tabTo('Start signing');
  await page.keyboard.press('Enter');
  await waitForPath(page, /^\/public\/session\/[A-Za-z0-9_-]{43}$/);
  await page.locator('canvas[data-page="1"][data-rendered]').waitFor();
  const bar = page.getByTestId('signing-action-bar');
  const box = await bar.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(844);
  await tabTo('Go to signing');
  await page.keyboard.press('Enter');
  await expect.poll(focused).toBe('Send code by e-mail');
  await page.keyboard.press('Enter');
  const field = page.getByRole('textbox', { name: 'Verification code' });
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  const mail = await waitForMail(server.url, email, (m) => m.subject.startsWith('Your verification code is'));
  await page.keyboard.type(/(\d{6})/.exec(mail.subject)?.[1] ?? '');
  await page.keyboard.press('Enter');
  await page.getByText('Your e-mail address is confirmed.').waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('signature-title');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await page.getByRole('textbox', { name: 'Your name as your signature' }).waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  // The bar's order is its visual order: Decline first, then Sign.
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('Decline to sign');
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('Sign');
  await screenshot(page, 'signing-page-phone');
  await page.keyboard.press('Enter');
  await waitForPath(page, /^\/public\/signing\/success\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: 'Document signed' }).waitFor();
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

    // Nothing in the balance yet: the send dialog says so before sending (issue 12 item 7).
    const dialog = await openSendDialog(page, OTHER);
    const low = dialog.getByRole('alert');
    await low.getByText('The balance does not cover these signatures.', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await low.getByRole('button', { name: 'Add balance' }).click();
    await waitForPath(page, '/settings/billing');
    await saveCardAndTopUp(page);

    // Profile → Notifications (issue 14 item 2): the owner also wants an e-mail when a signee signs.
    await page.goto('/profile/notifications');
    const byMail = page.getByRole('checkbox', { name: 'By e-mail: A signee signs a document you sent' });
    await byMail.click();
    expect(await byMail.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification settings saved.').waitFor();

    await page.goto(`/document/${docId}`);
    await panel.getByRole('listitem').filter({ hasText: 'Liisa Laine' }).waitFor({ timeout: 30_000 });
    await sendForSigning(page, OTHER);
    const complete = page.getByRole('dialog', { name: 'Sent for signing' });
    await complete.waitFor();
    await complete.getByRole('button', { name: 'OK' }).click();
    // The owner is a signee: the page offers their own signing link.
    const own = page.getByRole('dialog', { name: 'Your signature is needed' });
    await own.waitFor({ timeout: 20_000 });
    await own.getByRole('button', { name: 'Later' }).click();
    await page.getByRole('button', { name: 'Cancel signing' }).waitFor();

    await signAs(OWNER, 'signing-page');
    await signWithKeyboard(OTHER, 'Liisa Laine');

    // The seal job runs in the server's worker; the page shows the downloads once Signed.
    const download = await waitForSignedDownload(page);
    // Signed: the preview is the sealed PDF, each signee's steps are shown, and the audit trail reads
    // as a panel (issue 12 item 6).
    await page.getByText('Signed version: the sealed PDF with every signature.').waitFor({ timeout: 30_000 });
    const steps = page.getByRole('region', { name: 'Signees' }).getByTestId('timeline-latest');
    await expect
      .poll(() => steps.allTextContents())
      .toEqual([expect.stringMatching(/^Signed · /), expect.stringMatching(/^Signed · /)]);
    await page.getByRole('button', { name: `Show the 5 steps of ${OTHER_NAME}` }).click();
    const liisaSteps = page.getByRole('list', { name: `Steps of ${OTHER_NAME}` });
    for (const step of [
      'Sent for signing',
      'Opened the signing link',
      'Viewed the document',
      'Confirmed the e-mail code',
    ]) {
      await liisaSteps.getByText(step).waitFor();
    }
    const audit = page.getByRole('region', { name: 'Audit trail' });
    await audit.getByRole('button', { name: 'Show' }).click();
    await audit.getByText('Signed by everyone and sealed').waitFor();
    await audit.getByText(/^Intact: all \d+ events are recorded unchanged\.$/).waitFor();
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
    // The owner's drawing is an image (with its alpha as a soft mask) in their box on the signature page.
    const images = await pdfImages(signed);
    expect(images.filter((i) => i.type === 'image')).toHaveLength(1);
    expect(images.filter((i) => i.type === 'smask')).toHaveLength(1);
    // And it is the drawing: drawSignature's wave crosses the pad, so its ink spans most of the mask's width
    // as a thin line (neither an empty nor a filled box).
    const [ink] = await pdfMaskInk(signed);
    expect(ink?.spanned).toBeGreaterThan(0.7);
    expect(ink?.covered).toBeGreaterThan(0.005);
    expect(ink?.covered).toBeLessThan(0.5);

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

    // Notifications (issue 14 item 2): the navigation counts what happened; the list tells who signed
    // (not the owner's own signature) and that signing completed; reading them clears the count.
    await page.goto('/');
    const unread = page.getByRole('link', { name: 'Notifications, 2 unread' });
    await unread.click();
    await waitForPath(page, '/notifications');
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.getByText('Liisa Laine signed Lease 2026').waitFor();
    await list.getByText('Signing of Lease 2026 is complete').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('You are all caught up.').waitFor();
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    // ...and, as the owner chose, an e-mail for Liisa's signature (none for their own).
    const told = await waitForMail(server.url, OWNER, (m) => m.subject === 'Liisa Laine signed “Lease 2026”');
    expect(told.links.some((l) => l.endsWith(`/document/${docId}`))).toBe(true);
    const ownMail = await mailTo(server.url, OWNER);
    expect(ownMail.some((m) => m.subject.startsWith('Olli Omistaja signed'))).toBe(false);
    await context.close();
  });
});
