// Issue #33 item 2, end to end: fields placed for two signees on two pages are filled on a phone through
// the signing page's walk, and the signed PDF has each value and signature inside its field, under
// signatures that pdfsig and mutool validate.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inkIn, shownRect, textInside, wordsOn } from '../apps/server/test/fields-pdf-helper.ts';
import { mutoolVerify } from '../apps/server/test/pdf-openssl.ts';
import { removeTempDirs } from '../apps/server/test/pdf-fixtures.ts';
import { apiFrom, uploadFrom } from './support/api.ts';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';
import { saveCardAndTopUp } from './support/sending.ts';
import { pdfsig, waitForMail } from './support/signing.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-fields-e2e-'));
useServerAndBrowser(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  void removeTempDirs();
});

const OWNER = 'olli.omistaja@example.com';
/** A4 in points: the pages of the contract, as shown (no rotation). */
const PAGE = { width: 595.28, height: 841.89 };

/** A two-page contract with a heading on each page and nothing where the fields go. */
async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const heading of ['Lease agreement, page one', 'Lease agreement, page two']) {
    doc.addPage([PAGE.width, PAGE.height]).drawText(heading, { x: 60, y: 780, size: 18, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

interface Person {
  givenName: string;
  familyName: string;
  email: string;
}

const LIISA: Person = { givenName: 'Liisa', familyName: 'Laine', email: 'liisa.laine@example.com' };
const MATTI: Person = { givenName: 'Matti', familyName: 'Virtanen', email: 'matti.virtanen@example.com' };

type Kind = 'signature' | 'text' | 'checkbox' | 'date';
interface Placed {
  id: string;
  kind: Kind;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  label: string;
}

const place = (
  kind: Kind,
  page: number,
  x: number,
  y: number,
  width: number,
  height: number,
  label = '',
) => ({
  id: randomUUID(),
  kind,
  page,
  x,
  y,
  width,
  height,
  label,
});

/** Each signee has a signature, a text and a checkbox, spread over both pages; Liisa also a date. */
const FIELDS = {
  liisa: {
    text: place('text', 1, 0.1, 0.2, 0.45, 0.04, 'Apartment number'),
    checkbox: place('checkbox', 1, 0.1, 0.3, 0.05, 0.035, 'Keys received'),
    signature: place('signature', 2, 0.1, 0.55, 0.4, 0.09),
    date: place('date', 2, 0.55, 0.57, 0.3, 0.035),
  },
  matti: {
    text: place('text', 2, 0.1, 0.3, 0.45, 0.04, 'Parking space'),
    checkbox: place('checkbox', 1, 0.6, 0.3, 0.05, 0.035, 'Inventory checked'),
    signature: place('signature', 1, 0.5, 0.7, 0.4, 0.09),
  },
};

/** The document's signees by e-mail (signing.signees). */
async function signeeIds(page: Page, docId: string): Promise<Record<string, string>> {
  const { json } = await apiFrom(page, 'GET', `/signing/signees/${docId}`);
  const list = json.signees as { id: string; email: string }[];
  return Object.fromEntries(list.map((s) => [s.email, s.id]));
}

/** Draws a wave across the signature pad with a finger (Chromium's touch events, as a phone sends them). */
async function drawWithFinger(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: 'Signature drawing area' });
  const cdp = await page.context().newCDPSession(page);
  for (let attempt = 0; attempt < 3; attempt++) {
    await pad.scrollIntoViewIfNeeded();
    // The page scrolls smoothly to the pad: draw once it stands still.
    let box = await pad.boundingBox();
    for (let i = 0; i < 40; i++) {
      await page.waitForTimeout(100);
      const now = await pad.boundingBox();
      if (box && now && now.y === box.y) break;
      box = now;
    }
    if (!box) throw new Error('The signature pad is not on the screen.');
    const y = box.y + box.height / 2;
    const point = (i: number) => ({
      x: box.x + 15 + i * ((box.width - 30) / 20),
      y: y + Math.sin(i / 2) * box.height * 0.3,
    });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0)] });
    for (let i = 1; i <= 20; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(i)] });
    }
    // The finger stops before it lifts: lifted while moving, the gesture ends in a fling, and Chromium
    // spends the next tap (here the intent checkbox's) on stopping it (found by this test).
    await page.waitForTimeout(200);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(20)] });
    await page.waitForTimeout(200);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    if ((await pad.getAttribute('data-drawn')) !== null) return;
  }
  throw new Error('The signature pad did not take the finger’s line.');
}

/** The accessible name of the focused element (its aria-label, else its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.textContent ?? '';
  });

/** Whether the focused element lies wholly inside the phone's screen. */
const focusedOnScreen = (page: Page) =>
  page.evaluate(() => {
    const r = document.activeElement?.getBoundingClientRect();
    return !!r && r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
  });

/** One field of a signee's walk, in the order the walk takes them (page order). */
type Step =
  | { kind: 'text'; label: string; value: string }
  | { kind: 'checkbox'; label: string }
  | { kind: 'signature'; with: 'drawn' | 'typed' };

const leftText = (left: number) =>
  left === 0 ? 'All required fields are filled.' : left === 1 ? '1 field left' : `${left} fields left`;

/**
 * A signee on a 390×844 touch phone: opens the e-mailed link, confirms the code, and is walked through
 * their fields: Start focuses the first (on screen); a text field is typed and Enter goes on, a checkbox
 * is tapped, the signature field leads to the pad, whose signature (drawn with a finger, or typed) fills
 * it; Next field goes on from those. The count of fields left follows each step. Answers the date the
 * page shows for a date field, if the signee has one.
 */
async function signOnPhone(person: Person, steps: Step[], shot: string): Promise<string | null> {
  const request = await waitForMail(server.url, person.email, (m) =>
    m.subject.startsWith('Signature request:'),
  );
  const link = request.links.find((l) => l.includes('/public/sign/')) ?? '';
  const context = await newContext(browser, server.url, 'en-US', {
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Start signing' }).tap();
  await waitForPath(page, /^\/public\/session\/[A-Za-z0-9_-]{43}$/);
  await page.locator('canvas[data-page="1"][data-rendered]').waitFor();

  await page.getByRole('button', { name: 'Send code by e-mail' }).tap();
  const mail = await waitForMail(server.url, person.email, (m) =>
    m.subject.startsWith('Your verification code is'),
  );
  await page
    .getByRole('textbox', { name: 'Verification code' })
    .fill(/(\d{6})/.exec(mail.subject)?.[1] ?? '');
  await page.getByRole('button', { name: 'Verify' }).tap();
  await page.getByText('Your e-mail address is confirmed.').waitFor();

  const walker = page.getByRole('group', { name: 'Fields to fill' });
  let left = steps.length;
  await walker.getByText(leftText(left)).waitFor();
  // The sticky bar with the walk stays on the phone's screen.
  const bar = await page.getByTestId('signing-action-bar').boundingBox();
  expect(bar && bar.y + bar.height).toBeLessThanOrEqual(844);

  await walker.getByRole('button', { name: 'Start' }).tap();
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    const name = step.kind === 'signature' ? 'Signature: add your signature below' : step.label;
    // The walk went to this field: focused, and scrolled onto the screen.
    await expect.poll(() => focusedName(page)).toBe(name);
    await expect.poll(() => focusedOnScreen(page)).toBe(true);
    if (step.kind === 'text') {
      await page.keyboard.type(step.value);
    } else if (step.kind === 'checkbox') {
      await page.getByRole('checkbox', { name }).tap();
    } else {
      await page.getByRole('button', { name }).tap();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('signature-title');
      if (step.with === 'drawn') {
        await drawWithFinger(page);
      } else {
        // The segmented control's radio is hidden under its label, which the finger taps.
        await page.locator('label', { hasText: /^Type$/ }).tap();
        await page.getByRole('radio', { name: 'Type' }).waitFor({ state: 'attached' });
        await page
          .getByRole('textbox', { name: 'Your name as your signature' })
          .fill(`${person.givenName} ${person.familyName}`);
      }
      // The signature fills the signature field on the page.
      await page.getByRole('button', { name: 'Signature: your signature' }).waitFor();
    }
    left -= 1;
    await walker.getByText(leftText(left)).waitFor();
    if (last) break;
    // Enter goes on from a text field (the keyboard's way), Next field from the others (a tap).
    if (step.kind === 'text') await page.keyboard.press('Enter');
    else await walker.getByRole('button', { name: 'Next field' }).tap();
  }
  const date = page.locator('[data-kind="date"]');
  const shownDate = (await date.count()) > 0 ? ((await date.textContent()) ?? '').trim() : null;

  await page.getByRole('checkbox', { name: 'I have read the document and sign it electronically' }).tap();
  await expect
    .poll(() =>
      page.getByRole('checkbox', { name: 'I have read the document and sign it electronically' }).isChecked(),
    )
    .toBe(true);
  await screenshot(page, shot);
  await page.getByRole('button', { name: 'Sign', exact: true }).tap();
  await waitForPath(page, /^\/public\/signing\/success\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: 'Document signed' }).waitFor();
  await context.close();
  return shownDate;
}

/** The signed PDF once the seal job has made it (signing.signed answers only for a Signed document). */
async function signedPdf(page: Page, docId: string): Promise<Buffer> {
  let source = '';
  await expect
    .poll(
      async () => {
        const { status, json } = await apiFrom(page, 'GET', `/signing/signed/${docId}`);
        if (status === 200) source = String(json.source);
        return status;
      },
      { timeout: 90_000, interval: 1_000 },
    )
    .toBe(200);
  return Buffer.from(source.replace(/^data:application\/pdf;base64,/, ''), 'base64');
}

const rectOf = (field: Placed) => shownRect(field, PAGE.width, PAGE.height);

describe('fields on the page (issue #33 item 2)', () => {
  it('two signees fill their fields on a phone; the signed PDF has the values and signatures in place', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, OWNER, 'Olli Omistaja');
    await page.goto('/settings/billing');
    await saveCardAndTopUp(page);

    const original = await twoPagePdf();
    const docId = await uploadFrom(page, 'contract', 'Lease with fields', 'lease.pdf', original);
    for (const person of [LIISA, MATTI]) {
      const added = await apiFrom(page, 'POST', `/signing/signee/${docId}`, { ...person, level: 1 });
      expect(added.status, JSON.stringify(added.json)).toBe(200);
    }
    const ids = await signeeIds(page, docId);
    const fields = [
      ...Object.values(FIELDS.liisa).map((f) => ({ ...f, signeeId: ids[LIISA.email], required: true })),
      ...Object.values(FIELDS.matti).map((f) => ({ ...f, signeeId: ids[MATTI.email], required: true })),
    ];
    const saved = await apiFrom(page, 'PUT', `/documents/fields/${docId}`, { fields });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((saved.json.fields as unknown[]).length).toBe(7);

    const sent = await apiFrom(page, 'GET', `/signing/send/${docId}`);
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);

    // The walk takes each signee's fields in page order.
    const liisaDate = await signOnPhone(
      LIISA,
      [
        { kind: 'text', label: 'Apartment number', value: 'A 12' },
        { kind: 'checkbox', label: 'Keys received' },
        { kind: 'signature', with: 'drawn' },
      ],
      'fields-sign-phone-drawn',
    );
    const mattiDate = await signOnPhone(
      MATTI,
      [
        { kind: 'checkbox', label: 'Inventory checked' },
        { kind: 'signature', with: 'typed' },
        { kind: 'text', label: 'Parking space', value: 'P 7' },
      ],
      'fields-sign-phone-typed',
    );
    expect(liisaDate).toMatch(/\d/);
    expect(mattiDate).toBeNull();

    const signed = await signedPdf(page, docId);
    const file = path.join(tmp, 'signed.pdf');
    fs.writeFileSync(file, signed);

    // The typed values and the date, each inside its own field on its own page.
    const words = { 1: await wordsOn(signed, 1), 2: await wordsOn(signed, 2) };
    expect(textInside(words[1], rectOf(FIELDS.liisa.text))).toBe('A 12');
    expect(textInside(words[2], rectOf(FIELDS.matti.text))).toBe('P 7');
    expect(textInside(words[2], rectOf(FIELDS.liisa.date))).toBe(liisaDate);

    // Ink inside the signature and checkbox fields, where the original page was blank.
    for (const field of [
      FIELDS.liisa.signature,
      FIELDS.matti.signature,
      FIELDS.liisa.checkbox,
      FIELDS.matti.checkbox,
    ]) {
      const before = await inkIn(original, field.page, rectOf(field));
      const after = await inkIn(signed, field.page, rectOf(field));
      expect(before.inside, `${field.kind} on page ${field.page} before signing`).toBe(0);
      expect(after.inside, `${field.kind} on page ${field.page} after signing`).toBeGreaterThan(5);
    }

    // Every signature is valid: the two signees' (covering their fields) and the seal, then the document
    // time-stamp, which pdfsig lists but cannot check itself.
    const report = await pdfsig(file);
    expect(report.signatures, report.output).toHaveLength(4);
    expect(
      report.signatures.slice(0, 3).every((s) => s.valid),
      report.output,
    ).toBe(true);
    expect(report.signatures.at(-1)?.lines).toContain('Total document signed');
    const mu = await mutoolVerify(file);
    expect(mu.match(/The signature is valid/g)?.length ?? 0, mu).toBeGreaterThanOrEqual(3);
    // mutool has no trust store: it names the self-signed CA, never a broken signature.
    expect(mu).not.toMatch(/expired|not valid|invalid/i);
    await context.close();
  });
});
