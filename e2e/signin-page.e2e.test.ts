import { describe, expect, it } from 'vitest';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

// Issue #12 item 8: a signed-out visitor's /signin and /signup load their own page, not the app, in the
// language kept in the browser; a signed-in visitor of the same address gets the app.
useServerAndBrowser();

describe('the sign-in page without the app', () => {
  it('loads a few kilobytes, keeps the chosen language, and hands a signed-in visitor to the app', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto('/signin?lang=fi');
    await page.getByRole('heading', { level: 1, name: 'Kirjaudu Sinettiin' }).waitFor();
    // ?lang= is applied once and leaves the address.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fi');
    await expect
      .poll(() => page.getByRole('button', { name: 'Kirjaudu Google-tilillä' }).isEnabled())
      .toBe(true);
    expect(scripts.some((s) => /\/assets\/boot-/.test(s))).toBe(false);
    await screenshot(page, 'signin-fi');

    // Back to English with the keyboard; a reload keeps it.
    await page.getByRole('button', { name: 'English' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Sign in to Sinetti' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in to Sinetti' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in with Google' }).isEnabled()).toBe(true);
    await screenshot(page, 'signin');

    // On a phone the card fits; the link leads to sign-up, still without the app.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await waitForPath(page, '/signup');
    await page.getByRole('heading', { level: 1, name: 'Create your Sinetti account' }).waitFor();
    const width = await page
      .getByRole('button', { name: 'Sign in with Google' })
      .evaluate((b) => b.clientWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(scripts.some((s) => /\/assets\/boot-/.test(s))).toBe(false);
    await screenshot(page, 'signup-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Signed in, the same address is the app's: it sends the visitor on to the dashboard.
    await signUpWithOrganization(page, 'standalone@example.test', 'Saara Sivu');
    await page.goto('/signin');
    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(scripts.some((s) => /\/assets\/boot-/.test(s))).toBe(true);
    await context.close();
  });
});
