import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modalStore } from '../../../components/modals';
import { showSuccess } from '../../../components/toast';
import { changeLanguage } from '../../../lib/i18n';
import { mockPhoneWidth, phoneCard } from '../../../test/phone';
import { callsTo } from '../../../test/render-route';
import { registerRolesModals } from '../modals';
import { ROLE_VIEWER, accountRoles, rolesReply, signIn, viewer } from '../test/fixtures';
import { openRolesSection } from '../test/render';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  registerRolesModals();
  mockPhoneWidth();
});
afterEach(async () => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('en');
});

const open = (replies = {}) => openRolesSection('/settings/permissions', replies);

/** The card (list item) of the list `list` whose link is the role `name` ("Member" is in every card's text). */
const card = (list: string, name: string) =>
  phoneCard(list, (c) => within(c).queryByRole('link', { name }) !== null);

describe('Settings → Roles on a 390 px phone (issue 12 item 9)', () => {
  it.each([
    [
      'en',
      'Roles',
      'Members:',
      'Permissions:',
      '2 of 19',
      'Default',
      'Actions for Viewer',
      'Edit role',
      'Delete role',
    ],
    [
      'fi',
      'Roolit',
      'Jäsenet:',
      'Oikeudet:',
      '2/19',
      'Oletus',
      'Roolin Viewer toiminnot',
      'Muokkaa roolia',
      'Poista rooli',
    ],
  ] as const)(
    '%s: one card per role with its name, state, members, permissions and actions, no table',
    async (lang, list, members, permissions, count, isDefault, actions, edit, del) => {
      await act(() => changeLanguage(lang));
      open();
      const viewerCard = await card(list, 'Viewer');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: list })).getAllByRole('listitem')).toHaveLength(3);
      expect(viewerCard).toHaveTextContent(`${members}2`);
      expect(viewerCard).toHaveTextContent(`${permissions}${count}`);
      expect(viewerCard).not.toHaveTextContent(isDefault);
      const group = within(viewerCard).getByRole('group', { name: actions });
      expect(within(group).getByRole('link', { name: `${edit} Viewer` })).toHaveAttribute(
        'href',
        `/settings/permissions/edit?role=${ROLE_VIEWER}`,
      );
      expect(within(group).getByRole('button', { name: `${del} Viewer` })).toBeInTheDocument();

      const memberCard = await card(list, 'Member');
      expect(memberCard).toHaveTextContent(isDefault);
      expect(within(memberCard).getByRole('link', { name: `${edit} Member` })).toBeInTheDocument();
      expect(within(memberCard).queryByRole('button', { name: `${del} Member` })).toBeNull();
    },
  );

  it("deletes a role from its card's Delete button, by keyboard, as on a wide screen", async () => {
    const fetchMock = open({
      [`GET /api/privileges/role-delete/${ROLE_VIEWER}`]: () => ({ status: 'OK' }),
    });
    const viewerCard = await card('Roles', 'Viewer');
    const remove = within(viewerCard).getByRole('button', { name: 'Delete role Viewer' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the role Viewer?');
    expect(dialog).toHaveTextContent('2 members hold this role.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Role Viewer deleted.'));
    expect(callsTo(fetchMock, `GET /api/privileges/role-delete/${ROLE_VIEWER}`)).toHaveLength(1);
  });

  it("opens the role's editor from its card's Edit button", async () => {
    open();
    const viewerCard = await card('Roles', 'Viewer');
    fireEvent.click(within(viewerCard).getByRole('link', { name: 'Edit role Viewer' }));
    expect(await screen.findByRole('heading', { name: 'Edit role: Viewer' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Roles' })).not.toBeInTheDocument();
  });

  it('without edit rights a card offers View and no Delete', async () => {
    open({
      'GET /api/privileges/account-roles': accountRoles([5], false),
      'GET /api/privileges/roles': rolesReply([
        { ...viewer(), abilities: { edit: false, rename: false, delete: false, assign: false } },
      ]),
    });
    const viewerCard = await card('Roles', 'Viewer');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(viewerCard).getByRole('link', { name: 'View role Viewer' })).toHaveAttribute(
      'href',
      `/settings/permissions/edit?role=${ROLE_VIEWER}`,
    );
    expect(within(viewerCard).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(viewerCard).toHaveTextContent('Permissions:2 of 19');
  });
});
