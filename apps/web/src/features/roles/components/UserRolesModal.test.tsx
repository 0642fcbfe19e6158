import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showSuccess } from '../../../components/toast';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { registerRolesModals } from '../modals';
import {
  ALICE,
  ORG,
  ROLE_ADMIN,
  ROLE_MEMBER,
  ROLE_VIEWER,
  accountRoles,
  admin,
  member,
  rolesReply,
  signIn,
  viewer,
} from '../test/fixtures';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  registerRolesModals();
});
afterEach(() => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const ASSIGN = `POST /api/privileges/role/${ALICE}`;
const MEMBERS = ['members', ORG, 'users'];
const unassign = (roleId: string) => `GET /api/privileges/delete-role/${ALICE}/${roleId}`;

function open(replies: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/privileges/account-roles': accountRoles(),
    'GET /api/privileges/roles': rolesReply(),
    [ASSIGN]: () => ({ status: 'OK', role: admin() }),
    [unassign(ROLE_VIEWER)]: () => ({ status: 'OK', role: viewer() }),
    ...replies,
  });
  const { queryClient } = renderAt(<ModalHost />);
  act(() => modalStore.open('user-roles', { accountId: ALICE, name: 'Alice Example' }));
  return Object.assign(fetchMock, { queryClient });
}

/** The selected roles, as the multi-select's pills show them. */
const pills = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.mantine-Pill-label')].map((p) => p.textContent);

describe('user-roles (SPEC §2.7, §5)', () => {
  it('shows the roles the user holds; save waits for a change and sends only the changed roles', async () => {
    const fetchMock = open();
    fetchMock.queryClient.setQueryData(MEMBERS, { status: 'OK', users: [] });
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Alice Example' });
    await waitFor(() => expect(pills(dialog)).toEqual(['Member', 'Viewer']));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    fireEvent.click(within(dialog).getByLabelText('Roles', { selector: 'input' }));
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Administrator' }));
    const viewerPill = [...dialog.querySelectorAll('.mantine-Pill-root')].find((p) =>
      p.textContent?.includes('Viewer'),
    );
    fireEvent.click(viewerPill?.querySelector('button') as HTMLElement);
    expect(pills(dialog)).toEqual(['Member', 'Administrator']);
    expect(save).toBeEnabled();
    fireEvent.click(save);

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Roles of Alice Example saved.'));
    expect(callsTo(fetchMock, ASSIGN)).toEqual([{ roleId: ROLE_ADMIN }]);
    expect(callsTo(fetchMock, unassign(ROLE_VIEWER))).toHaveLength(1);
    expect(callsTo(fetchMock, unassign(ROLE_MEMBER))).toHaveLength(0);
    await waitFor(() => expect(modalStore.isOpen('user-roles')).toBe(false));
    // The Users page's roles column is read again.
    expect(fetchMock.queryClient.getQueryState(MEMBERS)?.isInvalidated).toBe(true);
  });

  it('keeps the dialog open and says so when saving fails', async () => {
    open({ [ASSIGN]: () => ({ status: 'ERROR', code: 'FORBIDDEN', message: 'x' }) });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByLabelText('Roles', { selector: 'input' }));
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Administrator' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The roles could not be saved.');
    expect(modalStore.isOpen('user-roles')).toBe(true);
  });

  it('is read-only without users edit roles', async () => {
    open({ 'GET /api/privileges/account-roles': accountRoles([4, 12], false) });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(pills(dialog)).toEqual(['Member', 'Viewer']));
    expect(dialog).toHaveTextContent("Changing a user's roles needs the permission to edit users' roles.");
    expect(within(dialog).getByLabelText('Roles', { selector: 'input' })).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(dialog.querySelector('.mantine-Pill-root button')).toBeNull();
  });

  it('cannot give roles that grant more than the viewer holds', async () => {
    open({
      'GET /api/privileges/account-roles': accountRoles([12, 15, 2, 18], false),
      'GET /api/privileges/roles': rolesReply([
        { ...admin(), abilities: { edit: false, rename: false, delete: false, assign: false } },
        member(),
        viewer(),
      ]),
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByLabelText('Roles', { selector: 'input' }));
    const option = await within(dialog).findByRole('option', { name: 'Administrator' });
    expect(option).toHaveAttribute('data-combobox-disabled');
    expect(dialog).toHaveTextContent('Roles that grant permissions you do not hold');
  });
});
