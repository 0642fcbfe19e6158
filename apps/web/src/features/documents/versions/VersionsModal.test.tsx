import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { registerDocumentModals } from '../modals';
import { doc, signIn } from '../test/fixtures';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('../components/PdfPreview', () => ({
  PdfPreview: ({ data, title }: { data: string; title: string }) => <div aria-label={title}>pdf:{data}</div>,
}));

beforeEach(() => {
  signIn();
  registerDocumentModals();
});
afterEach(() => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const contract = doc({ name: 'Lease', type: 'contract', extension: 'docx' });
const ref = { id: contract.id, name: contract.name, type: contract.type, parent: null };
const LIST = `GET /api/documents/versions/${contract.id}`;
const RESTORE = `POST /api/documents/version-restore/${contract.id}`;
const COMPARE = `GET /api/documents/version-compare/${contract.id}?from=2&to=3`;

const version = (number: number, over: Record<string, unknown> = {}) => ({
  number,
  origin: 'edited',
  restoredFrom: null,
  created: '2026-11-20T10:00:00.000Z',
  author: 'Eeva Editor',
  extension: 'docx',
  size: 12_345,
  sha256: String(number).repeat(64),
  hasPdf: true,
  hasText: true,
  sentForSigning: [],
  ...over,
});
const VERSIONS = [
  version(3, { sentForSigning: [1] }),
  version(2, { hasPdf: false }),
  version(1, { origin: 'created', author: null }),
];

async function open(canEdit = true) {
  renderAt(<ModalHost />);
  act(() => modalStore.open('document-versions', { document: ref, canEdit }));
  const dialog = await screen.findByRole('dialog');
  return { dialog, list: await within(dialog).findByRole('list', { name: 'Versions' }) };
}

describe('document-versions (issue 13 item 3)', () => {
  it('lists versions newest first with who, when, size, current and sent-for-signing marks', async () => {
    mockApi({ [LIST]: () => ({ status: 'OK', versions: VERSIONS }) });
    const { list } = await open();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByText(/^Version \d$/).textContent)).toEqual([
      'Version 3',
      'Version 2',
      'Version 1',
    ]);
    expect(rows[0]?.textContent).toContain('Current');
    expect(rows[0]?.textContent).toContain('Sent for signing (round 1)');
    expect(rows[0]?.textContent).toContain('Eeva Editor');
    expect(rows[0]?.textContent).toContain('12.3 kB');
    expect(rows[1]?.textContent).toContain('The PDF of this version is being made.');
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Preview version 2' })).toBeDisabled();
    expect(rows[2]?.textContent).toContain('former member');
    // The current file is not restorable; earlier ones are.
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(within(rows[2] as HTMLElement).getByRole('button', { name: 'Restore version 1' })).toBeEnabled();
  });

  it('restores an earlier version and says so', async () => {
    const fetchMock = mockApi({
      [LIST]: () => ({ status: 'OK', versions: VERSIONS }),
      [RESTORE]: () => ({ status: 'OK', document: contract }),
    });
    const { list } = await open();
    fireEvent.click(within(list).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Version 1 is the current file again.'));
    expect(callsTo(fetchMock, RESTORE)).toEqual([{ number: 1 }]);
  });

  it('shows a refused restore by its reason', async () => {
    mockApi({
      [LIST]: () => ({ status: 'OK', versions: VERSIONS }),
      [RESTORE]: () => ({ status: 'ERROR', code: 'CONFLICT', reason: 'NOT_EDITABLE', message: 'x' }),
    });
    const { list } = await open();
    fireEvent.click(within(list).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect(showError).toHaveBeenCalled());
    expect(vi.mocked(showError).mock.calls[0]?.[1]).toBe('The version could not be restored');
  });

  it('offers neither restore nor upload without the edit ability', async () => {
    mockApi({ [LIST]: () => ({ status: 'OK', versions: VERSIONS }) });
    const { dialog, list } = await open(false);
    expect(within(list).queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Upload a new version' })).toBeNull();
    expect(within(list).getAllByRole('button', { name: /Download version/ })).toHaveLength(3);
  });

  it('previews a version and goes back to the list', async () => {
    mockApi({
      [LIST]: () => ({ status: 'OK', versions: VERSIONS }),
      [`GET /api/documents/version-content/${contract.id}/3`]: () => ({
        status: 'OK',
        content: 'UERGLTE=',
        contentMimeType: 'application/pdf',
      }),
    });
    const { dialog, list } = await open();
    fireEvent.click(within(list).getByRole('button', { name: 'Preview version 3' }));
    expect(await within(dialog).findByLabelText('Version 3')).toHaveTextContent('pdf:UERGLTE=');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to versions' }));
    expect(await within(dialog).findByRole('list', { name: 'Versions' })).toBeInTheDocument();
  });

  it('compares two versions: removed struck through, added underlined, long same text left out', async () => {
    const fetchMock = mockApi({
      [LIST]: () => ({ status: 'OK', versions: VERSIONS }),
      [COMPARE]: () => ({
        status: 'OK',
        changes: [
          { op: 'skipped', text: '', length: 1200 },
          { op: 'same', text: 'Rent ' },
          { op: 'removed', text: '950' },
          { op: 'added', text: '990' },
        ],
      }),
    });
    const { dialog } = await open();
    fireEvent.change(within(dialog).getByLabelText('Older'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compare' }));
    const diff = await within(dialog).findByTestId('version-diff');
    expect(callsTo(fetchMock, COMPARE)).toHaveLength(1);
    expect(diff.querySelector('del')?.textContent).toBe('950');
    expect(diff.querySelector('ins')?.textContent).toBe('990');
    expect(diff.textContent).toContain('… 1200 characters unchanged …');
  });

  it('uploads a DOCX as the next version over the current one', async () => {
    const fetchMock = mockApi({
      [LIST]: () => ({ status: 'OK', versions: VERSIONS }),
      [`PUT /api/documents/content/${contract.id}?origin=uploaded`]: () => ({
        status: 'OK',
        document: contract,
      }),
    });
    const { dialog } = await open();
    const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['PK'], 'lease.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('The new version was saved.'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('origin=uploaded')) ?? [];
    expect((init?.headers as Record<string, string>)['if-match']).toBe(`"${'3'.repeat(64)}"`);
    expect(init?.body).toBe(file);
  });
});
