// Issue #33 item 1, end to end: the sender places fields on the rendered pages of a two-page contract for
// two signees (a signature dragged with the mouse onto page 1, a text field placed and moved with the
// keyboard on page 2), saves, reloads, and finds them where they were put, on the page and in fields.list.
// Then a 390 px touch phone places a checkbox by tapping (the palette is a bottom bar).
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFrom, uploadFrom } from './support/api.ts';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization, untilToastsGone } from './support/flows.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';
import { addSignee } from './support/sending.ts';

useServerAndBrowser();

const OWNER = 'olli.omistaja@example.com';
const LIISA = { givenName: 'Liisa', familyName: 'Laine', email: 'liisa.laine@example.com' };
const MATTI = { givenName: 'Matti', familyName: 'Virtanen', email: 'matti.virtanen@example.com' };
/** How far a saved field may be from where it was aimed: well under a field's size, above pixel rounding. */
const TOLERANCE = 0.01;

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const heading of ['Lease agreement, page one', 'Lease agreement, page two']) {
    doc.addPage([595.28, 841.89]).drawText(heading, { x: 60, y: 780, size: 18, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

interface Saved {
  kind: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  signeeId: string | null;
}

/** Opens the editor from the document page's Fields card and waits for both pages to be drawn. */
async function openEditor(page: Page, button: 'Place fields' | 'Show fields' = 'Place fields') {
  // Adding a signee said so in a toast, which may cover the button (on the phone it spans the bottom).
  await untilToastsGone(page);
  await page
    .getByRole('region', { name: 'Fields on the page' })
    .getByRole('button', { name: button })
    .click();
  const editor = page.getByRole('dialog', { name: /^(Place fields|Fields): Lease 2026$/ });
  // Both pages drawn (each canvas is under its page's layer of fields).
  await editor.locator('canvas[data-rendered]').nth(1).waitFor({ timeout: 60_000 });
  return editor;
}

async function pickSignee(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'For' }).click();
  await page.getByRole('option', { name }).click();
}

describe('placing fields on the document (issue #33 item 1)', () => {
  it('drags, keys, saves, reloads: the fields are where they were put', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, OWNER, 'Olli Omistaja');
    const docId = await uploadFrom(page, 'contract', 'Lease 2026', 'lease.pdf', await twoPagePdf());
    await page.goto(`/document/${docId}`);
    await addSignee(page, LIISA);
    await addSignee(page, MATTI);
    const card = page.getByRole('region', { name: 'Fields on the page' });
    await card.getByText('No fields: signatures go on the signature page.').waitFor();

    const editor = await openEditor(page);
    // A signature for Liisa, dragged with the mouse from the palette to 40 % across, 30 % down page 1.
    await pickSignee(page, 'Liisa Laine');
    const page1 = editor.locator('[data-field-page="1"]');
    const target = await page1.boundingBox();
    const source = await editor.getByRole('button', { name: 'Signature', exact: true }).boundingBox();
    if (!target || !source) throw new Error('The palette or page 1 is not on the screen.');
    await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width * 0.4, target.y + target.height * 0.3, { steps: 12 });
    await page.mouse.up();
    await page1.getByRole('button', { name: 'Signature for Liisa Laine, page 1' }).waitFor();

    // A text field for Matti on page 2 with the keyboard: choose the kind, Enter on the page, then arrows.
    await pickSignee(page, 'Matti Virtanen');
    await editor.getByRole('button', { name: 'Text', exact: true }).focus();
    await page.keyboard.press('Enter');
    await editor
      .getByRole('group', { name: 'Page 2 of 2: press Enter to place the chosen field here' })
      .focus();
    await page.keyboard.press('Enter');
    const text = editor.getByRole('button', { name: 'Text for Matti Virtanen, page 2' });
    await expect.poll(() => text.evaluate((el) => el === document.activeElement)).toBe(true);
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Alt+ArrowRight');
    await screenshot(page, 'fields-place-desktop');

    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Fields saved.').waitFor();
    await editor.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await card.getByText('2 fields placed.').waitFor();
    const again = await openEditor(page);
    await again.getByRole('button', { name: 'Signature for Liisa Laine, page 1' }).waitFor();
    await again
      .locator('[data-field-page="2"]')
      .getByRole('button', { name: 'Text for Matti Virtanen, page 2' })
      .waitFor();

    const { json: signees } = await apiFrom(page, 'GET', `/signing/signees/${docId}`);
    const idOf = Object.fromEntries(
      (signees.signees as { id: string; email: string }[]).map((s) => [s.email, s.id]),
    );
    const { status, json } = await apiFrom(page, 'GET', `/documents/fields/${docId}`);
    expect(status).toBe(200);
    expect(json.editable).toBe(true);
    const fields = json.fields as Saved[];
    expect(fields).toHaveLength(2);
    const signature = fields.find((f) => f.kind === 'signature');
    const typed = fields.find((f) => f.kind === 'text');
    // Centred where the mouse let go (the signature's default size is 30 % × 6 % of the page).
    expect(signature).toMatchObject({ page: 1, signeeId: idOf[LIISA.email], width: 0.3, height: 0.06 });
    expect(Math.abs((signature?.x ?? 0) - (0.4 - 0.15))).toBeLessThan(TOLERANCE);
    expect(Math.abs((signature?.y ?? 0) - (0.3 - 0.03))).toBeLessThan(TOLERANCE);
    // Centred on page 2, then 4 × 0.5 % right, 5 % down, 0.5 % wider.
    expect(typed).toMatchObject({ page: 2, signeeId: idOf[MATTI.email] });
    expect(typed?.x).toBeCloseTo(0.35 + 0.02, 4);
    expect(typed?.y).toBeCloseTo(0.4825 + 0.05, 4);
    expect(typed?.width).toBeCloseTo(0.305, 4);
    expect(typed?.height).toBeCloseTo(0.035, 4);
    await context.close();

    // The same sender on a touch phone: the pages fit the width, the palette is a bottom bar; tap to place.
    const phone = await newContext(browser, server.url, 'en-US', {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const mobile = await phone.newPage();
    await signUpWithOrganization(mobile, 'maija.mobiili@example.com', 'Maija Mobiili');
    const phoneDoc = await uploadFrom(mobile, 'contract', 'Lease 2026', 'lease.pdf', await twoPagePdf());
    await mobile.goto(`/document/${phoneDoc}`);
    await addSignee(mobile, LIISA);
    const phoneEditor = await openEditor(mobile);
    const bar = await phoneEditor.getByTestId('fields-bottom-bar').boundingBox();
    expect(bar && bar.y + bar.height).toBeLessThanOrEqual(844);
    const firstPage = phoneEditor.locator('[data-field-page="1"]');
    const shown = await firstPage.boundingBox();
    expect(shown && shown.x >= 0 && shown.x + shown.width <= 390).toBe(true);
    await phoneEditor.getByRole('button', { name: 'Checkbox' }).tap();
    await firstPage.tap({ position: { x: (shown?.width ?? 0) * 0.2, y: (shown?.height ?? 0) * 0.2 } });
    await firstPage.getByRole('button', { name: 'Checkbox for Liisa Laine, page 1' }).waitFor();
    await screenshot(mobile, 'fields-place-phone');
    await phoneEditor.getByRole('button', { name: 'Save' }).tap();
    await mobile.getByText('Fields saved.').waitFor();
    const { json: onPhone } = await apiFrom(mobile, 'GET', `/documents/fields/${phoneDoc}`);
    const [checkbox] = onPhone.fields as Saved[];
    expect(checkbox).toMatchObject({ kind: 'checkbox', page: 1 });
    expect(Math.abs((checkbox?.x ?? 0) + (checkbox?.width ?? 0) / 2 - 0.2)).toBeLessThan(TOLERANCE);
    expect(Math.abs((checkbox?.y ?? 0) + (checkbox?.height ?? 0) / 2 - 0.2)).toBeLessThan(TOLERANCE);
    await phone.close();
  });
});
