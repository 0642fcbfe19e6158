import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modalStore } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo } from '../../../test/render-route';
import { registerRolesModals } from '../modals';
import { ROLE_MEMBER, ROLE_VIEWER, accountRoles, rolesReply, signIn } from '../test/fixtures';
import { openRolesSection } from '../test/render';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  registerRolesModals();
});
afterEach(async () => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('en');
});

const open = openRolesSection;

/** The checkbox whose label reads `name` (faster than a role query by name over 26 checkboxes). */
function box(name: string): HTMLInputElement {
  const input = screen.getByText(name).closest('.mantine-Checkbox-body')?.querySelector('input');
  if (!input) throw new Error(`no checkbox ${name}`);
  return input;
}

const NEW_ROLE = '00000000-0000-4000-8000-00000000a0ff';

describe('roles list', () => {
  it('lists roles with members and permission counts; the default role cannot be deleted', async () => {
    const fetchMock = open('/settings/permissions?back=Lw', {
      [`GET /api/privileges/role-delete/${ROLE_VIEWER}`]: () => ({ status: 'OK' }),
    });
    const viewerRow = (await screen.findByRole('link', { name: 'Viewer' })).closest('tr') as HTMLElement;
    expect(viewerRow).toHaveTextContent('2 of 19');
    expect(within(viewerRow).getAllByRole('cell')[1]).toHaveTextContent('2');
    const memberRow = screen.getByRole('link', { name: 'Member' }).closest('tr') as HTMLElement;
    expect(memberRow).toHaveTextContent('Default');
    expect(within(memberRow).queryByRole('button', { name: 'Delete role Member' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add role' })).toHaveAttribute(
      'href',
      '/settings/permissions/edit?back=Lw',
    );
    expect(within(viewerRow).getByRole('link', { name: 'Edit role Viewer' })).toHaveAttribute(
      'href',
      `/settings/permissions/edit?back=Lw&role=${ROLE_VIEWER}`,
    );

    fireEvent.click(within(viewerRow).getByRole('button', { name: 'Delete role Viewer' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the role Viewer?');
    expect(dialog).toHaveTextContent('2 members hold this role.');
    // Deleting a role lifts the limit of what only it could see: the dialog says so.
    expect(dialog).toHaveTextContent(
      'Documents and folders limited to this role alone are then no longer limited',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Role Viewer deleted.'));
    expect(callsTo(fetchMock, `GET /api/privileges/role-delete/${ROLE_VIEWER}`)).toHaveLength(1);
  });

  it('reports a failed delete and keeps the dialog', async () => {
    open('/settings/permissions', {
      [`GET /api/privileges/role-delete/${ROLE_VIEWER}`]: () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        message: 'x',
      }),
    });
    const row = (await screen.findByRole('link', { name: 'Viewer' })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete role Viewer' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Role could not be deleted.'));
    expect(modalStore.isOpen('role-delete')).toBe(true);
  });

  it('without organization edit roles: no add or delete, roles open read-only; empty list says so', async () => {
    open('/settings/permissions', {
      'GET /api/privileges/account-roles': accountRoles([5], false),
      'GET /api/privileges/roles': () => ({ status: 'OK', roles: [] }),
    });
    expect(await screen.findByText('No roles yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add role' })).toBeNull();
  });

  it('shows the list in Finnish', async () => {
    await act(() => changeLanguage('fi'));
    open('/settings/permissions');
    expect(await screen.findByRole('link', { name: 'Lisää rooli' })).toBeInTheDocument();
    expect(screen.getByText('Oletus')).toBeInTheDocument();
  });
});

describe('role editor', () => {
  it('adds a role: save waits for a change, then role-add and role-update with the permissions', async () => {
    const fetchMock = open('/settings/permissions/edit', {
      'POST /api/privileges/role-add': () => ({ status: 'OK', roleId: NEW_ROLE }),
      [`POST /api/privileges/role-update/${NEW_ROLE}`]: () => ({ status: 'OK', role: {} }),
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '  Accountant ' } });
    expect(save).toBeEnabled();
    fireEvent.click(box('Documents: view'));
    fireEvent.click(save);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Role Accountant added.'));
    expect(callsTo(fetchMock, 'POST /api/privileges/role-add')).toEqual([{ name: 'Accountant' }]);
    expect(callsTo(fetchMock, `POST /api/privileges/role-update/${NEW_ROLE}`)).toEqual([
      {
        permissions: [
          { id: 18, permissionValue: 1 },
          { id: 19, permissionValue: 1 },
          { id: 20, permissionValue: 1 },
        ],
      },
    ]);
  });

  it('refuses an empty or unsafe name before calling', async () => {
    const fetchMock = open('/settings/permissions/edit');
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'evil\u202egnp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/direction overrides/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/privileges/role-add')).toHaveLength(0);
  });

  it('edits in advanced mode: 26 ids, group markers never granted, only the changed permission sent', async () => {
    const fetchMock = open(`/settings/permissions/edit?role=${ROLE_VIEWER}`, {
      [`POST /api/privileges/role-update/${ROLE_VIEWER}`]: () => ({ status: 'OK', role: {} }),
    });
    await screen.findByRole('heading', { name: 'Edit role: Viewer' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(7);
    expect(box('Documents: view')).toHaveAttribute('data-indeterminate');
    fireEvent.click(screen.getByRole('switch', { name: /Advanced permissions/ }));
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(26);
    for (const marker of [
      'Organization view',
      'Organization edit',
      'Users view',
      'Users edit',
      'Documents view',
      'Documents edit',
      'Documents delete',
    ]) {
      const markerBox = box(marker);
      expect(markerBox).toBeDisabled();
      expect(markerBox).not.toBeChecked();
    }
    const create = box('Create documents');
    fireEvent.click(create);
    expect(save).toBeEnabled();
    fireEvent.click(create);
    expect(save).toBeDisabled();
    fireEvent.click(create);
    fireEvent.click(box('View organization details'));
    fireEvent.click(save);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Role Viewer saved.'));
    expect(callsTo(fetchMock, `POST /api/privileges/role-update/${ROLE_VIEWER}`)).toEqual([
      {
        permissions: [
          { id: 2, permissionValue: 0 },
          { id: 20, permissionValue: 1 },
        ],
      },
    ]);
  });

  it('keeps the page as it is when saving fails, and says a taken name', async () => {
    open(`/settings/permissions/edit?role=${ROLE_MEMBER}`, {
      [`POST /api/privileges/role-update/${ROLE_MEMBER}`]: () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'ROLE_NAME_TAKEN',
        message: 'Another role already has this name.',
      }),
    });
    const name = await screen.findByLabelText(/^Name/);
    expect(screen.getByText(/This is the default role/)).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Viewer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Another role already has this name.',
        'Role could not be edited.',
      ),
    );
    expect(screen.getByText('Another role already has this name.')).toBeInTheDocument();
    expect(name).toHaveValue('Viewer');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('is read-only without organization edit roles', async () => {
    open(`/settings/permissions/edit?role=${ROLE_VIEWER}`, {
      'GET /api/privileges/account-roles': accountRoles([5], false),
      'GET /api/privileges/roles': rolesReply([
        {
          ...(await import('../test/fixtures')).viewer(),
          abilities: { edit: false, rename: false, delete: false, assign: false },
        },
      ]),
    });
    expect(await screen.findByRole('heading', { name: 'Role: Viewer' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
  });

  it('keeps the name of a role that grants what the caller lacks, and says why', async () => {
    open(`/settings/permissions/edit?role=${ROLE_VIEWER}`, {
      'GET /api/privileges/account-roles': accountRoles([5, 9, 18], false),
      'GET /api/privileges/roles': rolesReply([
        {
          ...(await import('../test/fixtures')).viewer(),
          abilities: { edit: true, rename: false, delete: false, assign: false },
        },
      ]),
    });
    await screen.findByRole('heading', { name: 'Edit role: Viewer' });
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('readonly');
    expect(screen.getByText('You can rename only a role that grants nothing you lack.')).toBeInTheDocument();
  });

  it('lets a non-owner change only the permissions they hold', async () => {
    open(`/settings/permissions/edit?role=${ROLE_VIEWER}`, {
      'GET /api/privileges/account-roles': accountRoles([5, 9, 18, 20], false),
    });
    await screen.findByRole('heading', { name: 'Edit role: Viewer' });
    fireEvent.click(screen.getByRole('switch', { name: /Advanced permissions/ }));
    expect(box('Create documents')).toBeEnabled();
    expect(box('View organization details')).toBeDisabled();
    expect(box('Edit documents')).toBeDisabled();
  });
});
