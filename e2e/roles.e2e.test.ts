import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiFrom } from './support/api.ts';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import { addMember } from './support/members.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

useServerAndBrowser();

/** Gives a member a role as the signed-in owner, through the API with the page's own session. */
async function assignAsOwner(page: Page, accountId: string, roleId: string): Promise<number> {
  return (await apiFrom(page, 'POST', `/privileges/role/${accountId}`, { roleId })).status;
}

const roleRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

describe('roles and permissions journey', () => {
  it('the owner adds, edits, assigns and deletes a role; the member feels each change', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, 'olli.omistaja@example.com', 'Olli Omistaja');
    const member = await addMember(server.app, server.clock, server.url, 'Acme Oy', 'maija@example.com');
    const createFolder = () => member.call('POST', '/documents/create/folder', { name: 'Maija' });
    expect((await createFolder()).status).toBe(403);

    await page.getByRole('link', { name: 'Organization settings' }).click();
    await waitForPath(page, '/settings');
    await page.getByRole('link', { name: 'Roles & Permissions' }).click();
    await waitForPath(page, '/settings/permissions');
    await roleRow(page, 'Member').getByText('Default').waitFor();

    // Add: name and the "Documents: view" group (view, view roles, create); Save only once something changed.
    await page.getByRole('link', { name: 'Add role' }).click();
    await waitForPath(page, '/settings/permissions/edit');
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Name').fill('Kirjanpitäjä');
    await page.getByLabel('Documents: view').check();
    await save.click();
    await page.getByText('Role Kirjanpitäjä added.').waitFor();
    await page.waitForURL((url) => url.searchParams.has('role'));
    const roleId = new URL(page.url()).searchParams.get('role') ?? '';
    await page.getByRole('heading', { name: 'Edit role: Kirjanpitäjä' }).waitFor();

    // Edit in the detailed view: the group markers are never granted; take away "Create documents".
    await page.getByLabel('Advanced permissions').check();
    expect(await page.getByRole('checkbox').count()).toBe(26);
    expect(await page.getByRole('checkbox', { name: 'Documents view', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Documents view', exact: true }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Create documents' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Create documents' }).uncheck();
    await page.getByRole('checkbox', { name: 'View organization balance' }).check();
    await save.click();
    await page.getByText('Role Kirjanpitäjä saved.').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    // Give the role to the member: documents view but not create.
    expect(await assignAsOwner(page, member.accountId, roleId)).toBe(200);
    const mine = await member.call('GET', '/privileges/account-roles');
    expect(mine.json).toMatchObject({ permissions: [3, 18, 19], roles: [{ name: 'Kirjanpitäjä' }] });
    expect((await createFolder()).status).toBe(403);
    await page.getByRole('checkbox', { name: 'Create documents' }).check();
    await save.click();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await expect.poll(async () => (await createFolder()).status).toBe(200);

    // Back to the list: one member holds it; delete it after the confirmation.
    await page.getByRole('link', { name: 'Back to roles' }).click();
    await waitForPath(page, '/settings/permissions');
    const row = roleRow(page, 'Kirjanpitäjä');
    await expect.poll(() => row.innerText()).toContain('4 of 19');
    await screenshot(page, 'roles');
    expect(
      await roleRow(page, 'Member')
        .getByRole('button', { name: /^Delete role/ })
        .count(),
    ).toBe(0);
    await row.getByRole('button', { name: 'Delete role Kirjanpitäjä' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete role' });
    await dialog.getByText('1 member holds this role.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Role Kirjanpitäjä deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await createFolder()).status).toBe(403);
    expect((await member.call('GET', '/privileges/account-roles')).status).toBe(200);

    // The roles page in Finnish.
    await page.goto('/settings/permissions?lang=fi');
    await page.getByRole('link', { name: 'Lisää rooli' }).waitFor();
    await page.getByRole('heading', { name: 'Roolit ja oikeudet' }).waitFor();
    await roleRow(page, 'Member').getByText('Oletus').waitFor();
    await page.getByRole('link', { name: 'Lisää rooli' }).click();
    await page.getByLabel('Tarkemmat oikeudet').waitFor();
    await page.getByLabel('Asiakirjat: näkeminen').waitFor();
    await context.close();
  });
});
