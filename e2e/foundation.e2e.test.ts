import { describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '@sinetti/contract';
import { newContext, screenshot } from './support/browser.ts';
import { signInWithLocalProvider, trackApiCalls, waitForPath } from './support/flows.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

useServerAndBrowser();

const email = 'aino.virtanen@example.com';

describe('foundation journey', () => {
  it('signs a new user in, runs the setup wizard, switches language, keeps the session, signs out', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();

    await page.goto('/');
    await waitForPath(page, '/signin');
    await screenshot(page, 'signin');

    await signInWithLocalProvider(page, email, 'Aino Virtanen');
    await waitForPath(page, '/setup/create-organization');

    await page.getByRole('button', { name: 'Create organization' }).click();
    await waitForPath(page, '/setup/organization-name');
    await page.getByLabel('Organization name').fill('Acme Oy');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3 (invites) skips itself.
    await waitForPath(page, '/setup/invite-users');
    await page.getByLabel('Email address 1').fill('colleague@example.com');
    await screenshot(page, 'setup-invite-users');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 5 (choose plan) skips itself.
    await waitForPath(page, '/setup/confirm-plan');
    await expect.poll(() => page.getByText('Acme Oy').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Finish setup' }).click();

    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Select organization' }).innerText())
      .toContain('Acme Oy');
    await screenshot(page, 'dashboard');

    // Finnish, saved on the account.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await waitForPath(page, /^\/profile/);
    await page.getByLabel('Language').click();
    await page.getByRole('option', { name: 'Suomi' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fi');
    await page.getByRole('button', { name: 'Tilivalikko' }).waitFor();
    await screenshot(page, 'profile-fi');

    // A reload keeps the session (and the language).
    await page.reload();
    await page.getByRole('button', { name: 'Tilivalikko' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/profile/);

    // Sign out returns to /signin.
    await page.getByRole('button', { name: 'Tilivalikko' }).click();
    await page.getByRole('menuitem', { name: 'Kirjaudu ulos' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Kirjaudu ulos' }).click();
    await waitForPath(page, '/signin');
    await context.close();
  });

  it('sends a signed-out visitor of a protected URL to sign-in and back there afterwards', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/profile/sessions');
    await waitForPath(page, '/signin');
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect && Buffer.from(redirect, 'base64').toString('utf8')).toBe('/profile/sessions');

    await signInWithLocalProvider(page, email, 'Aino Virtanen');
    await waitForPath(page, '/profile/sessions');
    await context.close();
  });

  it('sends an expired session to /session-expired', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const calls = trackApiCalls(page);
    await page.goto('/signin');
    await signInWithLocalProvider(page, email, 'Aino Virtanen');
    await waitForPath(page, '/');
    // The account's saved language (Finnish, from the first test) now applies.
    await page.getByRole('button', { name: /Account menu|Tilivalikko/ }).waitFor();
    // Every call of the first load answered first: a call of the dashboard's late parts (the navigation
    // renders after the first paint) meeting the expired session would itself go to /session-expired and
    // forget the session, and the reload below would then find none and go to sign-in (a CI run did).
    await page.getByRole('navigation').first().waitFor();
    await calls.quiet();

    server.clock.advance(SESSION_TTL_MS + 60_000);
    await page.reload();
    await waitForPath(page, '/session-expired');
    await screenshot(page, 'session-expired');
    await context.close();
  });
});
