import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showSuccess } from '../../../components/toast';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { doc, signIn } from '../test/fixtures';
import { registerDocumentModals } from '.';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  registerDocumentModals();
});
afterEach(() => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const folder = doc({ name: 'Board', type: 'folder' });
const ref = { id: folder.id, name: folder.name, type: folder.type, parent: null };
const LEGAL = { id: '00000000-0000-4000-8000-00000000a001', name: 'Legal' };
const SALES = { id: '00000000-0000-4000-8000-00000000a002', name: 'Sales' };
const LIST = `GET /api/privileges/document-roles/${folder.id}`;
const CHANGE = `POST /api/privileges/document-roles/${folder.id}`;

function reply(own: (typeof LEGAL)[], inheritedFrom: { id: string; name: string } | null = null) {
  return () => ({
    status: 'OK',
    roles: own,
    inheritedFrom,
    effective: own,
    available: [LEGAL, SALES],
  });
}

/** The selected role's pill in the multi-select (its option in the closed list has the same text). */
function pill(dialog: HTMLElement, name: string): HTMLElement | undefined {
  return within(dialog)
    .queryAllByText(name)
    .map((el) => el.closest('.mantine-Pill-root'))
    .find((el): el is HTMLElement => el instanceof HTMLElement);
}

function open(abilities: { editRoles: boolean; deleteRoles: boolean }) {
  renderAt(<ModalHost />);
  act(() => modalStore.open('document-roles', { document: ref, abilities }));
  return screen.getByRole('dialog');
}

describe('document-roles (SPEC §2.7, §5)', () => {
  it('shows the roles, and saves only what changed: an added role and a removed one', async () => {
    const fetchMock = mockApi({ [LIST]: reply([LEGAL]), [CHANGE]: reply([SALES]) });
    const dialog = open({ editRoles: true, deleteRoles: true });
    const input = (await within(dialog).findAllByLabelText('Roles'))[0] as HTMLElement;
    expect(pill(dialog, 'Legal')).toBeDefined();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'Sales' }));
    fireEvent.click(within(pill(dialog, 'Legal') as HTMLElement).getByRole('button', { hidden: true }));
    expect(pill(dialog, 'Legal')).toBeUndefined();
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(modalStore.isOpen('document-roles')).toBe(false));
    // One call, all or none: given and taken away together (issue #31).
    expect(callsTo(fetchMock, CHANGE)).toEqual([{ add: [SALES.id], remove: [LEGAL.id] }]);
    expect(showSuccess).toHaveBeenCalled();
  });

  it('is read-only without documents edit roles and delete roles: no save, no changes', async () => {
    mockApi({ [LIST]: reply([LEGAL]) });
    const dialog = open({ editRoles: false, deleteRoles: false });
    const input = (await within(dialog).findAllByLabelText('Roles'))[0] as HTMLElement;
    expect(input).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('You may see these roles but not change them.')).toBeInTheDocument();
  });

  it('with documents edit roles only, roles can be added but not removed', async () => {
    const fetchMock = mockApi({ [LIST]: reply([LEGAL]), [CHANGE]: reply([LEGAL, SALES]) });
    const dialog = open({ editRoles: true, deleteRoles: false });
    const input = (await within(dialog).findAllByLabelText('Roles'))[0] as HTMLElement;
    const removeLegal = within(pill(dialog, 'Legal') as HTMLElement).queryByRole('button', { hidden: true });
    if (removeLegal) fireEvent.click(removeLegal);
    expect(pill(dialog, 'Legal')).toBeDefined();
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'Sales' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(modalStore.isOpen('document-roles')).toBe(false));
    expect(callsTo(fetchMock, CHANGE)).toEqual([{ add: [SALES.id], remove: [] }]);
  });

  it('gives two roles in one call: the first cannot hide the item before the second is given (issue #31)', async () => {
    const fetchMock = mockApi({ [LIST]: reply([]), [CHANGE]: reply([LEGAL, SALES]) });
    const dialog = open({ editRoles: true, deleteRoles: true });
    const input = (await within(dialog).findAllByLabelText('Roles'))[0] as HTMLElement;
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'Legal' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sales' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(modalStore.isOpen('document-roles')).toBe(false));
    expect(callsTo(fetchMock, CHANGE)).toEqual([{ add: [LEGAL.id, SALES.id], remove: [] }]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringMatching(/document-role\/|document-delete\//),
    );
  });

  it('says where the roles come from when the document has none of its own', async () => {
    mockApi({
      [LIST]: () => ({
        status: 'OK',
        roles: [],
        inheritedFrom: { id: '00000000-0000-4000-8000-00000000f001', name: 'Contracts' },
        effective: [LEGAL],
        available: [LEGAL, SALES],
      }),
    });
    const dialog = open({ editRoles: true, deleteRoles: true });
    expect(
      await within(dialog).findByText(
        'No roles of its own: the roles of the folder “Contracts” decide (Legal).',
      ),
    ).toBeInTheDocument();
  });
});
