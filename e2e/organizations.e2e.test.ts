import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import { apiFrom } from './support/api.ts';
import { invitationLink, signUpFromLink } from './support/organizations.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

let owner: Page;
let colleague: Page;

useServerAndBrowser();

const invitesPopup = (page: Page, name = 'Organization invitations') => page.getByRole('dialog', { name });

async function chooseOrganization(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Select organization' }).click();
  await page.getByRole('menuitem', { name }).click();
  await page.waitForLoadState('load');
  await expect
    .poll(() => page.getByRole('button', { name: 'Select organization' }).innerText())
    .toContain(String(name.source));
}

async function createDocument(page: Page, type: 'folder' | 'contract', name: string, parent?: string) {
  const reply = await apiFrom(page, 'POST', `/documents/create/${type}${parent ? `/${parent}` : ''}`, {
    name,
  });
  expect(reply.status).toBe(200);
  return (reply.json.document as { id: string }).id;
}

describe('joining and creating organizations', () => {
  it('(a) a colleague invited in the setup wizard signs up from the e-mailed link, accepts and is a Member', async () => {
    owner = await (await newContext(browser, server.url)).newPage();
    await signUpWithOrganization(owner, 'olli.omistaja@example.com', 'Olli Omistaja', [
      'kollega@example.com',
    ]);
    const link = await invitationLink(server.url, 'kollega@example.com');

    colleague = await (await newContext(browser, server.url)).newPage();
    await signUpFromLink(colleague, link, 'kollega@example.com', 'Kaisa Kollega');
    const popup = invitesPopup(colleague);
    await popup.getByText('Acme Oy').waitFor();
    await popup.getByText('Invited by Olli Omistaja').waitFor();
    await screenshot(colleague, 'organization-invites');
    await popup.getByRole('button', { name: 'Accept the invitation to Acme Oy' }).click();
    await colleague.getByText('You joined Acme Oy.', { exact: false }).waitFor();
    await popup.waitFor({ state: 'detached' });

    await chooseOrganization(colleague, /Acme Oy/);
    const roles = await apiFrom(colleague, 'GET', '/privileges/account-roles');
    expect(roles.status).toBe(200);
    expect(roles.json).toMatchObject({ roles: [{ name: 'Member' }] });
    // The link was single-use: it is gone from the address, the tab and the server.
    expect(await colleague.evaluate(() => sessionStorage.getItem('sinetti.pendingInvite'))).toBeNull();
    const token = new URL(link).searchParams.get('invite') ?? '';
    expect((await apiFrom(colleague, 'GET', `/authentication/invite-link/${token}`)).status).toBe(404);
  });

  it('(b) a folder restricted to a role the colleague lacks leaves their lists, search and dashboard', async () => {
    const board = await createDocument(owner, 'folder', 'Board papers');
    await createDocument(owner, 'contract', 'Board minutes', board);
    const shared = await createDocument(owner, 'folder', 'Shared papers');

    await colleague.goto('/');
    await colleague.getByRole('link', { name: /Board minutes/ }).waitFor();
    await colleague.goto('/documents');
    await colleague.getByRole('row', { name: /Board papers/ }).waitFor();

    const role = await apiFrom(owner, 'POST', '/privileges/role-add', { name: 'Board' });
    const roleId = role.json.roleId as string;
    expect((await apiFrom(owner, 'GET', `/privileges/document-role/${board}/${roleId}`)).status).toBe(200);

    await createDocument(owner, 'contract', 'Shared minutes', shared);
    await colleague.goto('/documents');
    await colleague.getByRole('row', { name: /Shared papers/ }).waitFor();
    expect(await colleague.getByRole('row', { name: /Board papers/ }).count()).toBe(0);

    const search = colleague.getByRole('textbox', { name: 'Search' });
    await search.fill('Board');
    await search.press('Enter');
    await waitForPath(colleague, '/search/Board');
    await colleague.getByText('Nothing found').waitFor();
    expect(await colleague.getByRole('row', { name: /Board/ }).count()).toBe(0);

    await colleague.goto('/');
    await colleague.getByRole('heading', { name: /Welcome/ }).waitFor();
    await colleague.getByRole('link', { name: /Shared minutes/ }).waitFor();
    expect(await colleague.getByText('Board minutes').count()).toBe(0);
    expect((await apiFrom(colleague, 'GET', `/documents/info/${board}`)).status).toBe(404);
  });

  it('(d) the colleague creates a second organization from the selector and switches to it', async () => {
    await colleague.getByRole('button', { name: 'Select organization' }).click();
    await colleague.getByRole('menuitem', { name: 'Create organization' }).click();
    const dialog = colleague.getByRole('dialog', { name: 'Create organization' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Please enter a name for the organization.').waitFor();
    await dialog.getByLabel('Organization name').fill('Kollega Consulting');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const complete = colleague.getByRole('dialog', { name: 'Organization created' });
    await complete.getByText('Kollega Consulting is ready.', { exact: false }).waitFor();
    await complete.getByRole('button', { name: 'Open organization' }).click();
    await colleague.waitForLoadState('load');
    const selector = colleague.getByRole('button', { name: 'Select organization' });
    await expect.poll(() => selector.innerText()).toContain('Kollega Consulting');
    // The owner of the new organization sees its (empty) documents, not Acme's.
    await colleague.goto('/documents');
    expect(await colleague.getByRole('row', { name: /Shared papers/ }).count()).toBe(0);
  });

  it('(c, e) a Microsoft account cannot accept a Google organization’s invitation; in Finnish too', async () => {
    const sent = await apiFrom(owner, 'POST', '/authentication/invite', { email: 'mikko@example.com' });
    expect(sent.json).toMatchObject({ status: 'OK' });
    const link = await invitationLink(server.url, 'mikko@example.com');

    const page = await (await newContext(browser, server.url)).newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpFromLink(page, link, 'mikko@example.com', 'Mikko Microsoft', 'Sign in with Microsoft');
    const popup = invitesPopup(page);
    await popup.getByRole('button', { name: 'Accept the invitation to Acme Oy' }).click();
    await page
      .getByText('You are signed in with a Microsoft account, and this organization uses Google accounts.', {
        exact: false,
      })
      .waitFor();
    await popup.getByText('Acme Oy').waitFor();

    // In Finnish after a reload: the invitation is still pending, so the popup opens again.
    expect((await apiFrom(page, 'GET', '/authentication/language/fi')).status).toBe(200);
    await page.reload();
    const popupFi = invitesPopup(page, 'Kutsut organisaatioihin');
    await popupFi.getByText('Kutsuja: Olli Omistaja').waitFor();
    await popupFi.getByRole('button', { name: 'Hyväksy kutsu organisaatioon Acme Oy' }).click();
    await page
      .getByText('Olet kirjautunut Microsoft-tilillä, mutta tämä organisaatio käyttää Google-tilejä.', {
        exact: false,
      })
      .waitFor();
    await screenshot(page, 'organization-invites-fi-390');
    await popupFi.getByRole('button', { name: 'Sulje' }).last().click();
    await popupFi.waitFor({ state: 'detached' });

    // The create dialogs in Finnish.
    await page.getByRole('button', { name: 'Avaa valikko' }).click();
    await page.getByRole('button', { name: 'Valitse organisaatio' }).click();
    await page.getByRole('menuitem', { name: 'Luo organisaatio' }).click();
    const create = page.getByRole('dialog', { name: 'Luo organisaatio' });
    await create.getByRole('button', { name: 'Luo', exact: true }).click();
    await create.getByText('Anna organisaatiolle nimi.').waitFor();
    await create.getByLabel('Organisaation nimi').fill('Mikon Oy');
    await create.getByRole('button', { name: 'Luo', exact: true }).click();
    const complete = page.getByRole('dialog', { name: 'Organisaatio luotu' });
    await complete.getByText('Mikon Oy on valmis.', { exact: false }).waitFor();
    await complete.getByRole('button', { name: 'Avaa organisaatio' }).click();
    await page.waitForLoadState('load');
    await page.getByRole('heading', { name: /Tervetuloa/ }).waitFor();
  });
});
