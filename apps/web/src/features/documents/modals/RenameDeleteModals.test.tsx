import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError } from '../../../components/toast';
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

const lease = doc({ name: 'Lease' });
const ref = { id: lease.id, name: lease.name, type: lease.type, parent: null };
const RENAME = 'POST /api/documents/rename';
const DELETE = 'POST /api/documents/delete';

function open(name: 'document-rename' | 'document-delete') {
  renderAt(<ModalHost />);
  act(() => modalStore.open(name, { document: ref }));
  return screen.getByRole('dialog');
}

describe('document-rename (SPEC §5)', () => {
  it('closes without a call when the name did not change', async () => {
    const fetchMock = mockApi({});
    const dialog = open('document-rename');
    const input = within(dialog).getByLabelText('Name');
    expect(input).toHaveValue('Lease');
    fireEvent.change(input, { target: { value: '  Lease ' } });
    fireEvent.submit(input);
    await waitFor(() => expect(modalStore.isOpen('document-rename')).toBe(false));
    expect(callsTo(fetchMock, RENAME)).toEqual([]);
  });

  it('sends a changed name once, with Enter, ignoring submits while it is on its way', async () => {
    const fetchMock = mockApi({
      [RENAME]: () => ({ status: 'OK', document: { ...lease, name: 'New lease' } }),
    });
    const reply = fetchMock.getMockImplementation();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementationOnce(async (...args) => {
      await gate;
      return (await reply?.(...args)) as Response;
    });
    const dialog = open('document-rename');
    const input = within(dialog).getByLabelText('Name');
    fireEvent.change(input, { target: { value: 'New lease' } });
    fireEvent.submit(input);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    fireEvent.submit(input);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    release();
    await waitFor(() => expect(modalStore.isOpen('document-rename')).toBe(false));
    expect(callsTo(fetchMock, RENAME)).toEqual([{ documentId: lease.id, name: 'New lease' }]);
  });

  it('asks for a name when it is empty', () => {
    const fetchMock = mockApi({});
    const dialog = open('document-rename');
    const input = within(dialog).getByLabelText('Name');
    fireEvent.change(input, { target: { value: ' ' } });
    fireEvent.submit(input);
    expect(within(dialog).getByText('Please enter a name.')).toBeInTheDocument();
    expect(callsTo(fetchMock, RENAME)).toEqual([]);
  });
});

describe('document-delete (SPEC §8)', () => {
  it('deletes on confirmation', async () => {
    const fetchMock = mockApi({ [DELETE]: () => ({ status: 'OK' }) });
    const dialog = open('document-delete');
    expect(dialog).toHaveTextContent('Delete “Lease”? This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(modalStore.isOpen('document-delete')).toBe(false));
    expect(callsTo(fetchMock, DELETE)).toEqual([{ documentId: lease.id }]);
  });

  it('shows a toast and closes the dialog when deleting fails', async () => {
    mockApi({ [DELETE]: () => ({ status: 'ERROR', code: 'INTERNAL', message: 'boom' }) });
    const dialog = open('document-delete');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('The document could not be deleted.'));
    expect(modalStore.isOpen('document-delete')).toBe(false);
  });

  it.each([
    [
      'SIGNING_IN_PROGRESS',
      'A document that is out for signing cannot be archived or deleted. Cancel the signing first.',
    ],
    [
      'FOLDER_HOLDS_UNSEEN',
      'This folder holds documents that your roles do not show you, so you cannot delete it. Ask someone who sees them.',
    ],
  ])('says why when the server refuses with %s', async (reason, text) => {
    mockApi({ [DELETE]: () => ({ status: 'ERROR', code: 'CONFLICT', reason, message: 'English for logs' }) });
    const dialog = open('document-delete');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith(text));
  });
});
