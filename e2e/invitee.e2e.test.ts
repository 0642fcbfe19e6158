import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiFrom } from './support/api.ts';
import { newContext, screenshot } from './support/browser.ts';
import { signInWithLocalProvider, signUpWithOrganization, waitForPath } from './support/flows.ts';
import { invitationLink } from './support/organizations.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

// The invited colleague's first minutes (issue #31 item 1), on a phone, with the tour on as operators have it.
useServerAndBrowser(undefined, { GUIDED_TOUR: 'true' });

const PHONE = { width: 390, height: 844 };
const welcome = (page: Page) => page.getByRole('dialog', { name: 'Welcome to Sinetti' });

async function phonePage(): Promise<Page> {
  const page = await (await newContext(browser, server.url)).newPage();
  await page.setViewportSize(PHONE);
  return page;
}

/** Every path the page has shown, same-document moves included. */
function pathsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return seen;
}

describe('an invited colleague on a phone', () => {
  it('sees the organization at sign-in, joins with one click and skips the organization wizard', async () => {
    const owner = await (await newContext(browser, server.url)).newPage();
    await signUpWithOrganization(owner, 'olli.omistaja@example.com', 'Olli Omistaja', ['uusi@example.com']);
    const link = await invitationLink(server.url, 'uusi@example.com');

    const page = await phonePage();
    const paths = pathsOf(page);
    await page.goto(link);
    await waitForPath(page, '/signin');
    const note = page.getByTestId('signin-invite');
    await note.getByText('Acme Oy').waitFor();
    expect(await note.innerText()).toContain('You have been invited to join');
    await screenshot(page, 'invitee-signin-390');

    await signInWithLocalProvider(page, 'uusi@example.com', 'Uma Uusi');
    await waitForPath(page, '/setup/create-organization');
    await page.getByText('Olli Omistaja invited you to join Acme Oy.').waitFor();
    await screenshot(page, 'invitee-setup-390');
    await page.getByRole('button', { name: 'Join Acme Oy' }).click();
    await waitForPath(page, '/');

    // No organization wizard: none of its later screens was shown, and the session is in Acme Oy.
    expect(paths.filter((p) => p.startsWith('/setup/') && p !== '/setup/create-organization')).toEqual([]);
    const roles = await apiFrom(page, 'GET', '/privileges/account-roles');
    expect(roles.status).toBe(200);
    expect(roles.json).toMatchObject({ roles: [{ name: 'Member' }] });
    const { json } = await apiFrom(page, 'GET', '/authentication/accounts');
    expect(json.account).toMatchObject({
      organizations: expect.arrayContaining([expect.objectContaining({ name: 'Acme Oy', isMine: false })]),
    });
    await welcome(page).waitFor();
    // The link was used up: no invitations popup follows.
    expect(await page.getByRole('dialog', { name: 'Organization invitations' }).count()).toBe(0);
  });

  it('never gets the tour over the invitations dialog; the tour starts once it has closed', async () => {
    const page = await phonePage();
    await signUpWithOrganization(page, 'vanha@example.com', 'Veli Vanha');
    await welcome(page).waitFor();

    const owner = await (await newContext(browser, server.url)).newPage();
    await signUpWithOrganization(owner, 'toinen.omistaja@example.com', 'Tiina Toinen');
    const sent = await apiFrom(owner, 'POST', '/authentication/invite', { email: 'vanha@example.com' });
    expect(sent.status).toBe(200);
    const link = await invitationLink(server.url, 'vanha@example.com');

    await page.goto(link);
    const popup = page.getByRole('dialog', { name: 'Organization invitations' });
    await popup.getByText('Invited by Tiina Toinen').waitFor();
    // Past the tour's 1 s fetch and more: while the dialog is open there is no tour popup over it.
    await page.waitForTimeout(2_500);
    expect(await welcome(page).count()).toBe(0);
    await screenshot(page, 'invitee-popup-390');
    // Accept takes the click (no overlay swallows it).
    await popup.getByRole('button', { name: 'Accept the invitation to Acme Oy' }).click();
    await page.getByText('You joined Acme Oy.', { exact: false }).waitFor();
    await popup.waitFor({ state: 'detached' });
    await welcome(page).waitFor();
  });
});
