import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import { addMember } from './support/members.ts';
import { mailTo } from './support/signing.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

useServerAndBrowser();

const rowWith = (page: Page, text: string) =>
  page.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });

describe('organization users and information journey', () => {
  it('the owner invites and cancels, renames the organization, and hands it over; in Finnish too', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, 'olli.omistaja@example.com', 'Olli Omistaja');
    await addMember(server.app, server.clock, server.url, 'Acme Oy', 'maija@example.com');

    await page.getByRole('link', { name: 'Organization settings' }).click();
    await waitForPath(page, '/settings');
    await page.getByRole('link', { name: 'Users' }).click();
    await waitForPath(page, '/settings/users');
    await rowWith(page, 'Maija Member').getByText('maija@example.com').waitFor();
    await rowWith(page, 'Olli Omistaja').getByText('Owner', { exact: true }).waitFor();

    // Invite: SPEC's checks first, then the e-mail goes out and the row says 'Invite pending'.
    await page.getByRole('button', { name: 'Invite user' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite a user' });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText('Please enter an email address.').waitFor();
    await invite.getByLabel('E-mail address').fill('maija@example.com');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText('already a user of the organization', { exact: false }).waitFor();
    await invite.getByLabel('E-mail address').fill('kollega@example.com');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent to kollega@example.com.').waitFor();
    const pending = rowWith(page, 'kollega@example.com');
    await pending.getByText('Invite pending').waitFor();
    await expect.poll(async () => (await mailTo(server.url, 'kollega@example.com')).length).toBe(1);

    // Cancel it from the row's menu.
    await pending.getByRole('button', { name: 'Actions for kollega@example.com' }).click();
    await page.getByRole('menuitem', { name: 'Cancel invitation' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel invitation' });
    await cancel.getByText('Cancel the invitation of kollega@example.com?').waitFor();
    await cancel.getByRole('button', { name: 'Cancel invitation' }).click();
    await page.getByText('Invitation cancelled.').waitFor();
    await pending.waitFor({ state: 'detached' });

    // The owner's own row offers no removal; Maija's does.
    expect(await rowWith(page, 'Olli Omistaja').getByRole('button').count()).toBe(0);

    // Information: the name is saved after typing stops, and the organization selector follows.
    await page.getByRole('link', { name: 'Information' }).click();
    await waitForPath(page, '/settings/information');
    const name = page.getByLabel('Organization name');
    await name.fill('');
    await page.getByText('Please enter the organization name.').waitFor();
    await name.fill('Acme Group Oy');
    await page.getByText('Saved', { exact: true }).waitFor();
    const selector = page.getByRole('button', { name: 'Select organization' });
    await expect.poll(() => selector.innerText()).toContain('Acme Group Oy');

    // Hand the organization over to Maija: Billing (owner only) leaves the menu at once.
    await page.getByRole('link', { name: 'Users' }).click();
    await rowWith(page, 'Maija Member').getByRole('button', { name: 'Actions for Maija Member' }).click();
    await page.getByRole('menuitem', { name: 'Make owner' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer ownership' });
    await transfer.getByText('Make Maija Member the owner of Acme Group Oy?').waitFor();
    await transfer.getByRole('button', { name: 'Make Maija Member the owner' }).click();
    await page.getByText('Maija Member is now the owner of Acme Group Oy.').waitFor();
    const menu = page.getByRole('navigation', { name: 'Organization settings' });
    await menu.getByRole('link', { name: 'Billing' }).waitFor({ state: 'detached' });
    await rowWith(page, 'Maija Member').getByText('Owner', { exact: true }).waitFor();

    // Finnish, at a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/settings/users?lang=fi');
    // On a phone the users are cards (issue 12 item 9): name, e-mail and roles in one list item each.
    const cards = page.getByRole('list', { name: 'Käyttäjät ja odottavat kutsut' });
    const maija = cards.getByRole('listitem').filter({ hasText: 'Maija Member' });
    await maija.getByText('Omistaja', { exact: true }).waitFor();
    expect(await page.getByRole('columnheader').count()).toBe(0);
    await screenshot(page, 'members-fi-phone');
    await page.goto('/settings/information?lang=fi');
    await page.getByText('Organisaation nimi').first().waitFor();
    await context.close();
  });
});
