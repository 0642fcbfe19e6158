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

const contract = doc({ name: 'Lease', type: 'contract' });
const ref = { id: contract.id, name: contract.name, type: contract.type, parent: null };
const LIST = `GET /api/documents/shares/${contract.id}`;
const CREATE = `POST /api/documents/shares/${contract.id}`;
const SHARE_ID = '00000000-0000-4000-8000-00000000b001';
const REVOKE = `POST /api/documents/shares/${contract.id}/revoke/${SHARE_ID}`;
const URL_ = 'https://sinetti.example/public/share/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const share = (over: Record<string, unknown> = {}) => ({
  id: SHARE_ID,
  created: '2026-11-20T10:00:00.000Z',
  createdBy: 'Sanna Sharer',
  expires: null,
  allowDownload: true,
  state: 'active',
  opens: 3,
  lastOpened: null,
  ...over,
});

/** The dialog is loaded when first opened. */
async function open() {
  renderAt(<ModalHost />);
  act(() => modalStore.open('document-share', { document: ref }));
  return screen.findByRole('dialog');
}

describe('document-share (issue 13 item 5)', () => {
  it('makes a link that lasts 7 days with download, shows it to copy, and lists the links', async () => {
    const fetchMock = mockApi({
      [LIST]: () => ({ status: 'OK', shares: [share()] }),
      [CREATE]: () => ({ status: 'OK', share: share(), url: URL_ }),
    });
    const dialog = await open();
    const links = await within(dialog).findByRole('list', { name: 'Links to this document' });
    expect(links.textContent).toContain('Active');
    expect(links.textContent).toContain('Download allowed');
    expect(links.textContent).toContain('opened 3 times');

    fireEvent.click(within(dialog).getByRole('radio', { name: '7 days' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Allow downloading the PDF' }));
    const before = Date.now();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByDisplayValue(URL_)).toBeInTheDocument();
    const [body] = callsTo(fetchMock, CREATE) as { expires: string; allowDownload: boolean }[];
    expect(body?.allowDownload).toBe(true);
    const days = (Date.parse(body?.expires ?? '') - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('revokes an active link; an ended one has no revoke', async () => {
    const fetchMock = mockApi({
      [LIST]: () => ({
        status: 'OK',
        shares: [share(), share({ id: '00000000-0000-4000-8000-00000000b002', state: 'revoked' })],
      }),
      [REVOKE]: () => ({ status: 'OK' }),
    });
    const dialog = await open();
    await within(dialog).findByRole('list', { name: 'Links to this document' });
    const revokes = within(dialog).getAllByRole('button', { name: /^Revoke the link made/ });
    expect(revokes).toHaveLength(1);
    fireEvent.click(revokes[0]!);
    await waitFor(() => expect(callsTo(fetchMock, REVOKE)).toHaveLength(1));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Link revoked.'));
  });
});
