import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Signs in through the built-in identity provider's page (the real OpenID Connect flow). */
export async function signInWithLocalProvider(
  page: Page,
  email: string,
  name: string,
  button = 'Sign in with Google',
) {
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return u.pathname;
}

export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname),
  );
  expect(pathOf(page)).toMatch(
    typeof path === 'string' ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path,
  );
}

/**
 * A new user signs in and goes through setup creating the organization "Acme Oy", inviting the given
 * addresses from the wizard (e-mailed like any invitation) or skipping that step.
 */
export async function signUpWithOrganization(
  page: Page,
  email: string,
  name: string,
  invite: string[] = [],
): Promise<void> {
  await page.goto('/');
  await waitForPath(page, '/signin');
  await signInWithLocalProvider(page, email, name);
  await waitForPath(page, '/setup/create-organization');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await waitForPath(page, '/setup/organization-name');
  await page.getByLabel('Organization name').fill('Acme Oy');
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, '/setup/invite-users');
  // The next step moves through the wizard's steps by their server state (invites, choose-plan, confirm-plan),
  // each screen reading that state again as it opens. A click on "Finish setup" as soon as it showed was once
  // lost: a read answered before the last move arrived after it and put the step before back for a moment
  // (fixed in features/setup/api/wizard.ts replaceWizard; its test reproduces the order). The click here follows
  // the button's showing as a user's would.
  if (invite.length === 0) {
    await page.getByRole('button', { name: 'Skip' }).click();
  } else {
    for (const [i, address] of invite.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Add row' }).click();
      await page.getByLabel(`Email address ${i + 1}`).fill(address);
    }
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await waitForPath(page, '/setup/confirm-plan');
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await waitForPath(page, '/');
}

/**
 * Counts the page's API calls from now on; `quiet()` resolves once none has been under way for `ms` (and
 * fails after 30 s of calls). For a step that must follow every call of a page's load: wait for its late
 * parts to show first, since quiet() cannot know of calls not yet made.
 */
export function trackApiCalls(page: Page): { quiet(ms?: number): Promise<void> } {
  let underWay = 0;
  let since = Date.now();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) underWay += 1;
  });
  const done = (request: { url(): string }) => {
    if (!isApi(request.url())) return;
    underWay -= 1;
    since = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(ms = 1_000) {
      const end = Date.now() + 30_000;
      while (underWay > 0 || Date.now() - since < ms) {
        if (Date.now() > end) throw new Error(`The page's API calls did not stop (${underWay} under way).`);
        await page.waitForTimeout(100);
      }
    },
  };
}

/**
 * Waits until no toast is shown, the pointer moved off them first: a toast keeps itself while the pointer
 * is over it (Mantine pauses its time then), and a button under one cannot be clicked. Playwright moves the
 * pointer onto the button it clicks, onto the toast covering it, so such a click waited for good (a CI run
 * of fields-place: the phone's toast over "Place fields"). For a click on what a toast may cover.
 */
export async function untilToastsGone(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.locator('.mantine-Notifications-root').getByRole('alert').first().waitFor({ state: 'detached' });
}
