import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { FOLDER_ID, doc, signIn } from '../test/fixtures';
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

const progressOf = (dialog: HTMLElement) =>
  within(dialog).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow');

describe('create (SPEC §4.3)', () => {
  it('asks for a name per kind, then goes 33 → 67 → 100 % and opens the new folder', async () => {
    const folder = doc({ type: 'folder', name: 'Leases', parent: FOLDER_ID });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = mockApi({
      [`POST /api/documents/create/folder/${FOLDER_ID}`]: () => ({ status: 'OK', document: folder }),
    });
    const reply = fetchMock.getMockImplementation();
    fetchMock.mockImplementationOnce(async (...args) => {
      await gate;
      return (await reply?.(...args)) as Response;
    });
    renderAt(<ModalHost />);
    act(() => modalStore.open('document-create-name', { type: 'folder', parent: FOLDER_ID }));

    const nameDialog = screen.getByRole('dialog', { name: 'New folder' });
    expect(progressOf(nameDialog)).toBe('33');
    const input = within(nameDialog).getByLabelText('Folder name');
    fireEvent.submit(input);
    expect(within(nameDialog).getByText('Please enter a name for the folder.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'Leases' } });
    fireEvent.submit(input);

    await waitFor(() => expect(modalStore.isOpen('document-create-progress')).toBe(true));
    expect(modalStore.isOpen('document-create-name')).toBe(false);
    const progress = await screen.findByText('Creating the folder…');
    expect(progressOf(progress.closest('[role="dialog"]') as HTMLElement)).toBe('67');

    release();
    const complete = await screen.findByRole('dialog', { name: 'Folder created' });
    expect(progressOf(complete)).toBe('100');
    expect(callsTo(fetchMock, `POST /api/documents/create/folder/${FOLDER_ID}`)).toEqual([
      { name: 'Leases' },
    ]);
    fireEvent.click(within(complete).getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/documents/${folder.id}`);
  });

  it('has its own required message for documents and templates, and opens a document', async () => {
    const contract = doc({ name: 'Offer' });
    mockApi({ 'POST /api/documents/create/contract': () => ({ status: 'OK', document: contract }) });
    renderAt(<ModalHost />);
    act(() => modalStore.open('document-create-name', { type: 'template', parent: null }));
    const template = screen.getByRole('dialog', { name: 'New template' });
    fireEvent.submit(within(template).getByLabelText('Template name'));
    expect(within(template).getByText('Please enter a name for the template.')).toBeInTheDocument();

    act(() => modalStore.open('document-create-name', { type: 'contract', parent: null }));
    const dialog = screen.getByRole('dialog', { name: 'New document' });
    fireEvent.change(within(dialog).getByLabelText('Document name'), { target: { value: 'Offer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const complete = await screen.findByRole('dialog', { name: 'Document created' });
    fireEvent.click(within(complete).getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/document/${contract.id}`);
  });

  it('shows the per-kind toast when creating fails', async () => {
    mockApi({
      'POST /api/documents/create/template': () => ({ status: 'ERROR', code: 'FORBIDDEN', message: 'No.' }),
    });
    renderAt(<ModalHost />);
    act(() => modalStore.open('document-create-name', { type: 'template', parent: null }));
    const dialog = screen.getByRole('dialog', { name: 'New template' });
    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'NDA' } });
    fireEvent.submit(within(dialog).getByLabelText('Template name'));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('The template could not be created.'));
    expect(modalStore.isOpen('document-create-progress')).toBe(false);
    expect(modalStore.isOpen('document-create-complete')).toBe(false);
  });
});
