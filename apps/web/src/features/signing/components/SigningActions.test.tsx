import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Document, DocumentAbilities } from '@sinetti/contract';
import { makeAbilities } from '../../../test/abilities';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState, signInAs } from '../../../test/utils';
import { signingBrowser } from '../lib/browser';
import { registerSigningModals } from '../modals';
import { DOC_ID, makeDocument, makeSignee, memberReplies } from '../test/fixtures';
import { SigningActions } from './SigningActions';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signInAs();
  registerSigningModals();
});
afterEach(resetTestState);

const SEND = `POST /api/signing/send/${DOC_ID}`;

/** Opens the send dialog and waits for the server's quote (Send is enabled only with it). */
async function openSend() {
  fireEvent.click(await screen.findByRole('button', { name: 'Send for signing' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send for signing' });
  await within(dialog).findByRole('table', { name: 'Cost of the signatures' });
  return dialog;
}

function renderActions(
  document: Document,
  extra: Record<string, (body: unknown) => unknown> = {},
  abilities: Partial<DocumentAbilities & { signNow: boolean }> = {},
  signees = [makeSignee()],
) {
  const onReload = vi.fn();
  const fetchMock = mockApi({ ...memberReplies(signees, abilities), ...extra });
  renderAt(
    <>
      <SigningActions document={document} onReload={onReload} />
      <ModalHost />
    </>,
    { path: '/document/:document', url: `/document/${DOC_ID}` },
  );
  return { onReload, fetchMock };
}

describe('send and cancel follow the abilities the server sent with the signees (SPEC §4.1)', () => {
  it.each([
    [{ send: true, cancel: false }, true, false],
    [{ send: false, cancel: false }, false, false],
    [{ send: false, cancel: true }, false, true],
  ] as const)('%o → send %s, cancel %s', async (abilities, send, cancel) => {
    const { fetchMock } = renderActions(makeDocument({ state: cancel ? 20 : 1 }), {}, abilities);
    await waitFor(() => expect(callsTo(fetchMock, `GET /api/signing/signees/${DOC_ID}`)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(!!screen.queryByRole('button', { name: 'Send for signing' })).toBe(send);
    expect(!!screen.queryByRole('button', { name: 'Cancel signing' })).toBe(cancel);
  });
});

describe('signing actions', () => {
  it('shows Send for signing for an editable draft with a signee; the dialog lists the signees', async () => {
    renderActions(makeDocument());
    const dialog = await openSend();
    expect(within(dialog).getByRole('table', { name: 'Cost of the signatures' })).toHaveTextContent(
      'Liisa Laine <liisa@example.com>',
    );
  });

  it('hides Send and shows Cancel signing while Signing', async () => {
    renderActions(makeDocument({ state: 20 }), {}, { send: false, cancel: true });
    expect(await screen.findByRole('button', { name: 'Cancel signing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for signing' })).not.toBeInTheDocument();
  });

  it('offers nothing when the server allows neither', async () => {
    const { fetchMock } = renderActions(makeDocument(), {}, { send: false, cancel: false });
    const called = (part: string) => fetchMock.mock.calls.some(([url]) => String(url).includes(part));
    await waitFor(() => expect(called('signing/signees')).toBe(true));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('button', { name: 'Send for signing' })).not.toBeInTheDocument();
  });

  it('LIMIT_LOW_BALANCE closes the dialog and opens low-balance, whose continue goes to /settings/billing', async () => {
    const { onReload } = renderActions(makeDocument(), {
      [SEND]: () => ({ status: 'LIMIT_LOW_BALANCE', document: makeDocument(), balance: 0, required: 100 }),
    });
    const dialog = await openSend();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const low = await screen.findByRole('dialog', { name: 'Balance too low' });
    expect(modalStore.isOpen('document-send')).toBe(false);
    expect(low).toHaveTextContent('Adding balance is required to start signing.');
    expect(low).toHaveTextContent('The signatures cost €1.00; the balance is €0.00.');
    fireEvent.click(within(low).getByRole('button', { name: 'Add balance' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings/billing');
    expect(onReload).not.toHaveBeenCalled();
  });

  it('OK shows send-complete, reloads, and opens document-sign when the user is a signee', async () => {
    const goTo = vi.spyOn(signingBrowser, 'goTo').mockImplementation(() => undefined);
    let sent = false;
    const link = 'http://localhost/public/sign/abc';
    const { onReload } = renderActions(makeDocument(), {
      [SEND]: () => {
        sent = true;
        return { status: 'OK', document: makeDocument({ state: 20 }) };
      },
      [`GET /api/signing/signees/${DOC_ID}`]: () => ({
        status: 'OK',
        signees: [makeSignee({ isMe: true, ...(sent ? { signingLink: link } : {}) })],
        abilities: makeAbilities({ send: !sent, cancel: sent }),
      }),
    });
    const dialog = await openSend();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Sent for signing' })).toBeInTheDocument();
    expect(onReload).toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 1500));
    expect(modalStore.isOpen('document-sign')).toBe(false);
    act(() => modalStore.close('document-send-complete'));
    const sign = await screen.findByRole('dialog', { name: 'Your signature is needed' });
    fireEvent.click(within(sign).getByRole('button', { name: 'Go to signing' }));
    expect(goTo).toHaveBeenCalledWith(link);
  });

  it('says why a PDF cannot be sent (its reason, translated), not a generic failure', async () => {
    renderActions(makeDocument(), {
      [SEND]: () => ({ status: 'ERROR', code: 'CONFLICT', reason: 'PDF_TOO_COMPLEX', message: 'x' }),
    });
    const dialog = await openSend();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'The PDF file is too large or complex to be processed. Try a smaller or simpler version of it.',
      ),
    );
  });

  it('PDF_REWRITE_NEEDED keeps the dialog open with the warning, and "Send anyway" accepts the rewrite', async () => {
    vi.mocked(showError).mockClear();
    const { fetchMock } = renderActions(makeDocument(), {
      [SEND]: (body) =>
        (body as { acceptRewrite?: boolean }).acceptRewrite
          ? { status: 'OK', document: makeDocument({ state: 20 }) }
          : { status: 'ERROR', code: 'CONFLICT', reason: 'PDF_REWRITE_NEEDED', message: 'x' },
    });
    const dialog = await openSend();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent('The PDF will be rewritten');
    expect(warning).toHaveTextContent('Any signatures already in the file will no longer be valid.');
    expect(showError).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, SEND)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    expect(await screen.findByRole('dialog', { name: 'Sent for signing' })).toBeInTheDocument();
    const calls = callsTo(fetchMock, SEND) as { acceptRewrite?: boolean }[];
    expect(calls.map((c) => c.acceptRewrite ?? false)).toEqual([false, true]);
  });

  it('when Signed offers the signed PDF and the certificate', async () => {
    renderActions(makeDocument({ state: 30 }));
    expect(await screen.findByRole('button', { name: 'Download signed PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Certificate of completion' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel signing' })).not.toBeInTheDocument();
  });
});

describe('Sign now in the header follows the signNow ability (issue 12 item 5)', () => {
  const link = 'http://localhost/public/sign/mine';
  const me = makeSignee({ isMe: true, signingLink: link, email: 'me@example.com' });

  it("goes to the caller's own signing page", async () => {
    const goTo = vi.spyOn(signingBrowser, 'goTo').mockImplementation(() => undefined);
    renderActions(makeDocument({ state: 20 }), {}, { send: false, cancel: true, signNow: true }, [
      makeSignee(),
      me,
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign now' }));
    expect(goTo).toHaveBeenCalledWith(link);
  });

  it('is absent when the server does not offer it', async () => {
    const { fetchMock } = renderActions(makeDocument({ state: 20 }), {}, { send: false, cancel: true }, [me]);
    await waitFor(() => expect(callsTo(fetchMock, `GET /api/signing/signees/${DOC_ID}`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Cancel signing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign now' })).not.toBeInTheDocument();
  });
});
