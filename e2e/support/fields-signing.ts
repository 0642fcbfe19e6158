// A signee's walk through their fields on the signing page, on a touch phone (issue #33 item 2).
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext, screenshot } from './browser.ts';
import { waitForPath } from './flows.ts';
import { waitForMail } from './signing.ts';

export interface Person {
  givenName: string;
  familyName: string;
  email: string;
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
export type Step =
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
export async function signOnPhone(
  browser: Browser,
  baseUrl: string,
  person: Person,
  steps: Step[],
  shot: string,
): Promise<string | null> {
  const request = await waitForMail(baseUrl, person.email, (m) => m.subject.startsWith('Signature request:'));
  const link = request.links.find((l) => l.includes('/public/sign/')) ?? '';
  const context = await newContext(browser, baseUrl, 'en-US', {
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
  const mail = await waitForMail(baseUrl, person.email, (m) =>
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
