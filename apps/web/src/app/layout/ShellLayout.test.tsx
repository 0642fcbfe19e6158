import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodePathParam } from '../../lib/path-param';
import { changeLanguage } from '../../lib/i18n';
import { modalStore } from '../../components/modals';
import { browserPage } from '../../lib/navigation';
import { sessionStore } from '../../lib/session';
import {
  ORG_ACME,
  ORG_PERSONAL,
  accountReply,
  makeAccount,
  mockFetch,
  permissionsReply,
  renderApp,
  resetTestState,
  signInAs,
  stubRoutes,
} from '../../test/utils';

afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

function renderShell(permissions: number[], account = makeAccount(), path = '/') {
  signInAs('OK', ORG_ACME);
  mockFetch({
    'GET /api/authentication/accounts': accountReply(account),
    'GET /api/privileges/account-roles': permissionsReply(permissions),
  });
  return renderApp(path, stubRoutes());
}

describe('shell layout (SPEC §2.5)', () => {
  it('closes the navigation drawer when a dialog opens', async () => {
    renderShell([]);
    const toggle = await screen.findByRole('button', { name: 'Open navigation' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    act(() => modalStore.open('sign-out'));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    act(() => modalStore.reset());
  });

  it('shows the initials in the avatar and the account menu', async () => {
    renderShell([]);
    const button = await screen.findByRole('button', { name: 'Account menu' });
    await waitFor(() => expect(button).toHaveTextContent('MM'));
    fireEvent.click(button);
    const profile = await screen.findByRole('menuitem', { name: 'My profile' });
    const back = new URLSearchParams(profile.getAttribute('href')?.split('?')[1]).get('back');
    expect(profile.getAttribute('href')).toMatch(/^\/profile\?back=/);
    expect(decodePathParam(back)).toBe('/');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('shows an empty person icon when the account has no name', async () => {
    renderShell([], makeAccount({ fullName: '' }));
    await screen.findByRole('button', { name: 'Select organization' });
    const button = screen.getByRole('button', { name: 'Account menu' });
    // No initials: only the button's hidden name is text, and the avatar shows the icon.
    expect(button).toHaveTextContent(/^Account menu$/);
    expect(button.querySelector('svg')).not.toBeNull();
  });

  it('hides Create and Organization settings without the permissions', async () => {
    renderShell([]);
    await screen.findByRole('button', { name: 'Select organization' });
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Organization settings' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Archive' })).toHaveAttribute('href', '/filtered/archived');
  });

  it('links to the open-source licences below the navigation, in both languages', async () => {
    renderShell([]);
    await screen.findByRole('button', { name: 'Select organization' });
    expect(screen.getByRole('link', { name: 'Open-source licences' })).toHaveAttribute(
      'href',
      '/third-party-notices.txt',
    );
    await act(() => changeLanguage('fi'));
    expect(await screen.findByRole('link', { name: 'Avoimen lähdekoodin lisenssit' })).toHaveAttribute(
      'href',
      '/third-party-notices.txt',
    );
  });

  it('shows Create and settings with back when permitted; Create opens the dialogs in the open folder', async () => {
    const folder = '00000000-0000-4000-8000-00000000f001';
    renderShell([2, 20], makeAccount(), `/documents/${folder}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    const entries = await screen.findAllByRole('menuitem');
    expect(entries.map((e) => e.textContent)).toEqual([
      'New folder',
      'New document',
      'New template',
      'Upload',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'New folder' }));
    expect(modalStore.get()).toMatchObject([
      { name: 'document-create-name', props: { type: 'folder', parent: folder } },
    ]);
    const settings = screen.getByRole('link', { name: 'Organization settings' });
    const back = new URLSearchParams(settings.getAttribute('href')?.split('?')[1]).get('back');
    expect(decodePathParam(back)).toBe(`/documents/${folder}`);
    expect(screen.getByRole('link', { name: 'Template library' })).toHaveAttribute('href', '/templates');
  });

  it('opens the upload dialog at the top level from other pages', async () => {
    renderShell([20], makeAccount(), '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Upload' }));
    expect(modalStore.get()).toMatchObject([{ name: 'document-upload', props: { parent: null } }]);
  });

  it('folds a navigation group', async () => {
    renderShell([]);
    const group = await screen.findByRole('button', { name: 'Documents' });
    expect(group).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
  });

  it('switches organization: stores it, closes the list and reloads', async () => {
    const reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
    renderShell([]);
    const selector = await screen.findByRole('button', { name: 'Select organization' });
    await waitFor(() => expect(selector).toHaveTextContent('Acme Oy'));
    fireEvent.click(selector);
    const menu = await screen.findByRole('menu');
    const personal = within(menu).getByRole('menuitem', { name: /Matti Meikäläinen/ });
    expect(personal).toHaveTextContent('Personal');
    fireEvent.click(personal);
    expect(sessionStore.selectedOrganization()).toBe(ORG_PERSONAL);
    expect(reload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('applies the account language', async () => {
    renderShell([], makeAccount({ language: 'fi' }));
    expect(await screen.findByPlaceholderText('Hae')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tilivalikko' })).toBeInTheDocument();
  });
});
