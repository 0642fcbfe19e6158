import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore, registerModal } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { registerMembersModals } from '../modals';
import {
  A,
  INVITE,
  MAIJA,
  PEKKA,
  accountReply,
  accountRoles,
  invitesReply,
  membersReply,
  signIn,
} from '../test/fixtures';
import { UsersSection } from './UsersSection';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  registerMembersModals();
});
afterEach(async () => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('en');
});

type Replies = Parameters<typeof mockApi>[0];

function open(replies: Replies = {}) {
  const fetchMock = mockApi({
    'GET /api/authentication/accounts': accountReply(),
    'GET /api/privileges/account-roles': accountRoles(),
    [`GET ${A}/company-users`]: membersReply(),
    [`GET ${A}/invites/company/pending`]: invitesReply(),
    ...replies,
  });
  const view = renderAt(
    <>
      <UsersSection />
      <ModalHost />
    </>,
  );
  return { fetchMock, ...view };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

/** Opens a row's action menu and returns the names of its items. */
async function menuOf(row: HTMLElement, name: string): Promise<string[]> {
  fireEvent.click(within(row).getByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent ?? '');
}

async function choose(row: HTMLElement, name: string, item: string) {
  await menuOf(row, name);
  fireEvent.click(screen.getByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
}

describe('Settings → Users (SPEC §2.5, §6)', () => {
  it('shows e-mail and roles columns to the owner, with pending invites as Invite pending', async () => {
    open();
    const maija = await rowOf('Maija Member');
    expect(headers()).toEqual(['Name', 'E-mail', 'Roles', 'Actions']);
    expect(maija).toHaveTextContent('maija@acme.fi');
    expect(maija).toHaveTextContent('Member');
    expect(await rowOf('Pekka Plain')).toHaveTextContent('No roles');
    const me = await rowOf('Matti Meikäläinen');
    expect(me).toHaveTextContent('Owner');
    expect(me).toHaveTextContent('You');
    expect(me).toHaveTextContent('Every permission');
    const invite = await rowOf('uusi@acme.fi');
    expect(invite).toHaveTextContent('Invite pending');
  });

  it('hides the e-mail column without users view details and the roles column without users view roles', async () => {
    open({
      'GET /api/privileges/account-roles': accountRoles([2, 4], false),
      [`GET ${A}/company-users`]: membersReply(false, { email: true, roles: true }),
      [`GET ${A}/invites/company/pending`]: invitesReply(null),
    });
    await rowOf('Maija Member');
    expect(headers()).toEqual(['Name', 'Actions']);
    expect(screen.queryByText('maija@acme.fi')).toBeNull();
    expect(screen.getByText('Invite pending')).toBeInTheDocument();
    // No invite, remove, roles or transfer for a member with view users only.
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('shows the roles column with users view roles alone, and opens the roles read-only', async () => {
    registerModal('user-roles', () => null); // the roles feature's dialog; the route registers it
    open({ 'GET /api/privileges/account-roles': accountRoles([2, 4, 12], false) });
    const maija = await rowOf('Maija Member');
    expect(headers()).toEqual(['Name', 'Roles', 'Actions']);
    expect(await menuOf(maija, 'Maija Member')).toEqual(['View roles']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'View roles' }));
    expect(modalStore.get()).toMatchObject([
      { name: 'user-roles', props: { accountId: MAIJA, name: 'Maija Member' } },
    ]);
  });

  it('offers no remove for the owner or oneself; the owner row has no actions for a non-owner', async () => {
    open({
      'GET /api/privileges/account-roles': accountRoles([2, 4, 11, 12, 15, 16], false),
      [`GET ${A}/company-users`]: membersReply(false),
    });
    const owner = await rowOf('Maija Member');
    expect(owner).toHaveTextContent('Owner');
    expect(within(owner).queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(await menuOf(await rowOf('Matti Meikäläinen'), 'Matti Meikäläinen')).toEqual(['Edit roles']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(await menuOf(await rowOf('Pekka Plain'), 'Pekka Plain')).toEqual([
      'Edit roles',
      'Remove from organization',
    ]);
  });

  it('removes a member after confirmation', async () => {
    const { fetchMock } = open({ [`GET ${A}/uninvite/${PEKKA}/account`]: () => ({ status: 'OK' }) });
    const dialog = await choose(await rowOf('Pekka Plain'), 'Pekka Plain', 'Remove from organization');
    expect(dialog).toHaveTextContent('Remove Pekka Plain from Acme Oy?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Pekka Plain was removed from the organization.'),
    );
    expect(callsTo(fetchMock, `GET ${A}/uninvite/${PEKKA}/account`)).toHaveLength(1);
    // The list is read again.
    await waitFor(() => expect(callsTo(fetchMock, `GET ${A}/company-users`).length).toBeGreaterThan(1));
  });

  it('says why a remove failed, with the reason in the user’s language', async () => {
    open({
      [`GET ${A}/uninvite/${PEKKA}/account`]: () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'OWNER_CANNOT_BE_REMOVED',
        message: 'x',
      }),
    });
    const dialog = await choose(await rowOf('Pekka Plain'), 'Pekka Plain', 'Remove from organization');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'The owner cannot be removed from the organization.',
        'User could not be removed.',
      ),
    );
  });

  it('cancels a pending invite after showing its label and address', async () => {
    const { fetchMock } = open({ [`GET ${A}/uninvite/${INVITE}/invite`]: () => ({ status: 'OK' }) });
    const dialog = await choose(await rowOf('uusi@acme.fi'), 'uusi@acme.fi', 'Cancel invitation');
    expect(dialog).toHaveTextContent('Invite pending');
    expect(dialog).toHaveTextContent('Cancel the invitation of uusi@acme.fi?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Invitation cancelled.'));
    expect(callsTo(fetchMock, `GET ${A}/uninvite/${INVITE}/invite`)).toHaveLength(1);
  });

  it('transfers the ownership after a confirmation naming the member, then re-reads the viewer’s abilities', async () => {
    const { fetchMock } = open({ [`GET ${A}/transfer-owner/${MAIJA}`]: () => ({ status: 'OK' }) });
    const maija = await rowOf('Maija Member');
    expect(await menuOf(maija, 'Maija Member')).toEqual([
      'Edit roles',
      'Make owner',
      'Remove from organization',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Make owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    expect(dialog).toHaveTextContent('Make Maija Member the owner of Acme Oy?');
    const rolesBefore = callsTo(fetchMock, 'GET /api/privileges/account-roles').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make Maija Member the owner' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Maija Member is now the owner of Acme Oy.'),
    );
    expect(callsTo(fetchMock, `GET ${A}/transfer-owner/${MAIJA}`)).toHaveLength(1);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/privileges/account-roles').length).toBeGreaterThan(rolesBefore),
    );
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    open({
      [`GET ${A}/company-users`]: () =>
        fail ? { status: 'ERROR', code: 'INTERNAL', message: 'x' } : membersReply()(),
    });
    expect(await screen.findByText('The users could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Maija Member')).toBeInTheDocument();
  });

  it('shows a loader, then an empty-state text when the viewer is alone', async () => {
    open({
      [`GET ${A}/company-users`]: () => ({ status: 'OK', users: [membersReply()().users[0]] }),
      [`GET ${A}/invites/company/pending`]: () => ({ status: 'OK', invites: [] }),
    });
    expect(screen.getByRole('status', { name: 'Loading users…' })).toBeInTheDocument();
    expect(await screen.findByText('No colleagues here yet')).toBeInTheDocument();
    expect(screen.getByText('Matti Meikäläinen')).toBeInTheDocument();
    // The viewer's own row is a user: the empty state speaks of colleagues, not of no users (#31 item 3).
    expect(screen.queryByText(/No users/)).not.toBeInTheDocument();
    // The empty state's call to action opens the invite dialog.
    fireEvent.click(screen.getByRole('button', { name: 'Invite your first colleague' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('offers no invite from the empty state without the invite permission', async () => {
    open({
      'GET /api/privileges/account-roles': accountRoles([2, 4], false),
      [`GET ${A}/company-users`]: () => ({ status: 'OK', users: [membersReply()().users[0]] }),
      [`GET ${A}/invites/company/pending`]: () => ({ status: 'OK', invites: [] }),
    });
    expect(await screen.findByText('No colleagues here yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument();
  });

  it('speaks Finnish', async () => {
    await changeLanguage('fi');
    open();
    await rowOf('Maija Member');
    expect(headers()).toEqual(['Nimi', 'Sähköposti', 'Roolit', 'Toiminnot']);
    expect(screen.getByText('Kutsu odottaa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kutsu käyttäjä' })).toBeInTheDocument();
    const pekka = await rowOf('Pekka Plain');
    fireEvent.click(within(pekka).getByRole('button', { name: 'Toiminnot: Pekka Plain' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Muokkaa rooleja',
      'Tee omistajaksi',
      'Poista organisaatiosta',
    ]);
  });
});
