import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { mockApi, renderAt } from '../../../test/render-route';
import { FakeXhr } from '../../../test/fake-xhr';
import { FOLDER_ID, accountReply, doc, signIn } from '../test/fixtures';
import { registerDocumentModals } from '.';

beforeEach(() => {
  signIn();
  registerDocumentModals();
});
afterEach(() => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const file = (name: string) => new File(['content'], name);
const progressOf = (dialog: HTMLElement) =>
  within(dialog).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow');

async function openTypes(name: string, platform: 'google' | 'microsoft') {
  mockApi({ 'GET /api/authentication/accounts': accountReply(platform) });
  renderAt(<ModalHost />);
  act(() => modalStore.open('document-upload-file-type', { file: file(name), parent: null }));
  const dialog = screen.getByRole('dialog', { name: 'File type' });
  await within(dialog).findByRole('radio', { name: 'File' });
  const state = (label: string) =>
    !within(dialog).getByRole('radio', { name: label }).hasAttribute('disabled');
  return {
    dialog,
    offered: {
      'contract-noedit': state('Contract (not editable)'),
      contract: state('Contract'),
      template: state('Template'),
      file: state('File'),
    },
  };
}

describe('upload type (SPEC §5: extension × platform)', () => {
  it.each([
    ['a.pdf', 'google', { 'contract-noedit': true, contract: true, template: true, file: true }],
    ['a.pdf', 'microsoft', { 'contract-noedit': true, contract: false, template: false, file: true }],
    ['a.dotx', 'google', { 'contract-noedit': false, contract: true, template: true, file: true }],
    ['a.dotx', 'microsoft', { 'contract-noedit': false, contract: false, template: false, file: true }],
    ['a.xlsx', 'google', { 'contract-noedit': true, contract: false, template: false, file: true }],
    ['a.pptx', 'google', { 'contract-noedit': false, contract: false, template: false, file: true }],
    ['a.pptx', 'microsoft', { 'contract-noedit': true, contract: false, template: false, file: true }],
    ['photo.PNG', 'google', { 'contract-noedit': false, contract: false, template: false, file: true }],
    ['README', 'microsoft', { 'contract-noedit': false, contract: false, template: false, file: true }],
  ] as const)('%s on %s', async (name, platform, expected) => {
    const { offered } = await openTypes(name, platform);
    expect(offered).toEqual(expected);
  });

  it('chooses the type already when only one fits the file', async () => {
    const { dialog } = await openTypes('photo.PNG', 'google');
    expect(within(dialog).getByRole('radio', { name: 'File' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('dialog', { name: 'Name' })).toBeInTheDocument();
  });

  it('chooses nothing when several types fit', async () => {
    const { dialog } = await openTypes('a.xlsx', 'google');
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('shows 40 %, asks for a type, then goes on to the name', async () => {
    const { dialog } = await openTypes('Lease agreement.v2.docx', 'google');
    expect(progressOf(dialog)).toBe('40');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a file type.');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Contract' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const named = screen.getByRole('dialog', { name: 'Name' });
    expect(progressOf(named)).toBe('60');
    // SPEC §4.3: the name is the file name without its extension.
    expect(within(named).getByLabelText('Name')).toHaveValue('Lease agreement.v2');
  });
});

describe('upload name and progress (SPEC §4.3)', () => {
  it('needs a name, then uploads with the percentage and completes', async () => {
    mockApi({});
    renderAt(<ModalHost />);
    const chosen = file('offer.pdf');
    act(() => modalStore.open('document-upload-name', { file: chosen, parent: null, type: 'contract' }));
    const dialog = screen.getByRole('dialog', { name: 'Name' });
    const input = within(dialog).getByLabelText('Name');
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.submit(input);
    expect(within(dialog).getByText('Please enter a name for the file.')).toBeInTheDocument();
    expect(modalStore.isOpen('document-upload-progress')).toBe(false);
  });

  it('uploads into the folder, showing the bytes sent, then completes (flow)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockApi({});
    renderAt(<ModalHost />);
    const chosen = file('offer.pdf');
    act(() => modalStore.open('document-upload-name', { file: chosen, parent: FOLDER_ID, type: 'contract' }));
    const dialog = screen.getByRole('dialog', { name: 'Name' });
    fireEvent.submit(within(dialog).getByLabelText('Name'));
    const progress = await screen.findByRole('dialog', { name: 'Uploading' });
    const xhr = FakeXhr.last;
    if (!xhr) throw new Error('no upload started');
    expect(xhr.url).toBe(`/api/documents/upload/contract/${FOLDER_ID}`);
    expect(xhr.body?.get('name')).toBe('offer');
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 }));
    expect(within(progress).getByTestId('upload-percent')).toHaveTextContent('75 %');
    act(() => xhr.answer(200, { status: 'OK', document: doc({ name: 'offer' }) }));
    expect(await screen.findByRole('dialog', { name: 'Upload complete' })).toHaveTextContent(
      '“offer” was uploaded.',
    );
  });

  it('cancels a running upload: the request stops and no failure is shown', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockApi({});
    renderAt(<ModalHost />);
    act(() =>
      modalStore.open('document-upload-name', { file: file('big.pdf'), parent: null, type: 'contract' }),
    );
    fireEvent.submit(within(screen.getByRole('dialog', { name: 'Name' })).getByLabelText('Name'));
    const progress = await screen.findByRole('dialog', { name: 'Uploading' });
    const xhr = FakeXhr.last;
    if (!xhr) throw new Error('no upload started');
    const abort = vi.spyOn(xhr, 'abort');
    fireEvent.click(within(progress).getByRole('button', { name: 'Cancel upload' }));
    expect(abort).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(modalStore.isOpen('document-upload-progress')).toBe(false));
    expect(modalStore.isOpen('document-upload-failed')).toBe(false);
    expect(modalStore.isOpen('document-upload-complete')).toBe(false);
  });

  it('shows 80 % with the bytes sent, then 100 % with an open button', async () => {
    mockApi({});
    renderAt(<ModalHost />);
    act(() => modalStore.open('document-upload-progress', { name: 'Offer', percent: 42.4 }));
    const progress = screen.getByRole('dialog', { name: 'Uploading' });
    expect(progressOf(progress)).toBe('80');
    expect(within(progress).getByTestId('upload-percent')).toHaveTextContent('42 %');
    const uploaded = doc({ name: 'Offer' });
    act(() => {
      modalStore.close('document-upload-progress');
      modalStore.open('document-upload-complete', { document: uploaded });
    });
    const complete = screen.getByRole('dialog', { name: 'Upload complete' });
    expect(progressOf(complete)).toBe('100');
    fireEvent.click(within(complete).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/document/${uploaded.id}`));
  });

  it.each([
    ['FILE_TOO_LARGE', 'The file is too large to upload. Choose a smaller file.'],
    ['UNSUPPORTED_FILE_TYPE', 'This kind of file cannot be uploaded as the chosen type'],
    ['INTERNAL', 'Please try again later, or contact support'],
  ] as const)('explains a failed upload (%s)', (code, text) => {
    mockApi({});
    renderAt(<ModalHost />);
    act(() => modalStore.open('document-upload-failed', { code }));
    expect(screen.getByRole('dialog', { name: 'Upload failed' })).toHaveTextContent(text);
  });

  it.each([
    ['FILE_TOO_LARGE', 'UPLOAD_EXPANDS_TOO_MUCH', 'far more space once opened than its size suggests'],
    ['UNSUPPORTED_FILE_TYPE', 'UPLOAD_ENCRYPTED', 'protected with a password'],
  ] as const)('explains a refused office file by its reason (%s, %s)', (code, reason, text) => {
    mockApi({});
    renderAt(<ModalHost />);
    act(() => modalStore.open('document-upload-failed', { code, reason }));
    expect(screen.getByRole('dialog', { name: 'Upload failed' })).toHaveTextContent(text);
  });
});
