import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization } from './support/flows.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

// The guided dashboard tour (SPEC §2.8, issue 14 item 1), with the tour on as operators have it.
useServerAndBrowser(undefined, { GUIDED_TOUR: 'true' });

const tour = (page: Page) => page.getByRole('dialog');
const createItems = (page: Page) => page.getByRole('menuitem');

/** Waits past the 1 s guide fetch and a little more, then tells whether a tour popup shows. */
async function tourShows(page: Page): Promise<boolean> {
  await page.waitForTimeout(2_500);
  return (await tour(page).count()) > 0;
}

describe('guided dashboard tour', () => {
  it('a new user walks it with the keyboard to the end, and does not see it again after a reload', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, 'uusi.kayttaja@example.com', 'Uusi Käyttäjä');

    const steps = [
      ['Welcome to Sinetti', 'Step 1 of 8'],
      ['Your organizations', 'Step 2 of 8'],
      ['Create', 'Step 3 of 8'],
      ['New folder', 'Step 4 of 8'],
      ['New document', 'Step 5 of 8'],
      ['New template', 'Step 6 of 8'],
      ['Upload', 'Step 7 of 8'],
      ['You are ready', 'Step 8 of 8'],
    ];
    for (const [index, [title, counter]] of steps.entries()) {
      const popup = page.getByRole('dialog', { name: title });
      await popup.getByText(counter!).waitFor();
      if (index === 2) {
        await screenshot(page, 'tour-create');
        expect(await popup.getByRole('listitem').count()).toBe(3);
        expect(await createItems(page).count()).toBe(0);
      }
      // The Create menu is open from create-folder on, and closed again at the end.
      if (index >= 3 && index <= 6) await createItems(page).first().waitFor();
      if (index === 7) await createItems(page).first().waitFor({ state: 'detached' });
      // The popup has the keyboard's focus: Enter presses Next (Done at the end).
      const button = popup.getByRole('button', { name: index === 7 ? 'Done' : 'Next' });
      await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
    }
    await tour(page).waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('button', { name: 'Create' }).waitFor();
    expect(await tourShows(page)).toBe(false);
    await context.close();
  });

  it('on a phone, the popups stay on screen beside the opened navigation; Escape skips it for good', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpWithOrganization(page, 'puhelin@example.com', 'Pia Puhelin');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Sinetti' });
    await welcome.getByRole('button', { name: 'Next' }).click();
    const organizations = page.getByRole('dialog', { name: 'Your organizations' });
    await organizations.waitFor();
    // The navigation drawer opened to show the selector, and the popup fits the screen.
    await page.getByRole('button', { name: 'Select organization' }).waitFor();
    const box = (await organizations.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await screenshot(page, 'tour-phone');

    await page.keyboard.press('Escape');
    await tour(page).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    expect(await tourShows(page)).toBe(false);
    await context.close();
  });
});
