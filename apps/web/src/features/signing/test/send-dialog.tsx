import { fireEvent, screen, within } from '@testing-library/react';
import type { Signee } from '@sinetti/contract';
import { afterEach, beforeEach, vi } from 'vitest';
import { ModalHost } from '../../../components/modals';
import { changeLanguage } from '../../../lib/i18n';
import { mockApi, renderAt } from '../../../test/render-route';
import { resetTestState, signInAs } from '../../../test/utils';
import { SigningActions } from '../components/SigningActions';
import { registerSigningModals } from '../modals';
import { DOC_ID, makeDocument, makeSignee } from './fixtures';

/**
 * What the tests of the send dialog share (SigningOrder, SendMethods): three signees, the document page's
 * signing actions with the modal host, and opening the dialog once its quote has shown.
 */

export const SEND = `POST /api/signing/send/${DOC_ID}`;
export const QUOTE = `GET /api/signing/quote/${DOC_ID}`;
export const E1 = '00000000-0000-4000-8000-0000000000e1';
export const E2 = '00000000-0000-4000-8000-0000000000e2';
export const E3 = '00000000-0000-4000-8000-0000000000e3';

/** Liisa Laine, Olli Ohto and Pia Puu in that order, each with the overrides at its place. */
export function threeSignees(
  overrides: [Partial<Signee>?, Partial<Signee>?, Partial<Signee>?] = [],
): Signee[] {
  return [
    makeSignee({ id: E1, ...overrides[0] }),
    makeSignee({ id: E2, fullName: 'Olli Ohto', email: 'olli@example.com', ...overrides[1] }),
    makeSignee({ id: E3, fullName: 'Pia Puu', email: 'pia@example.com', ...overrides[2] }),
  ];
}

/** Signs in and registers the signing modals before each test; clears them and English after it. */
export function setUpSendDialogTests() {
  beforeEach(() => {
    signInAs();
    registerSigningModals();
  });
  afterEach(async () => {
    resetTestState();
    await changeLanguage('en');
  });
}

/** The document page's signing actions (with the modal host) over the API `replies`; the fetch mock. */
export function renderSigningActions(replies: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(replies);
  renderAt(
    <>
      <SigningActions document={makeDocument()} onReload={vi.fn()} />
      <ModalHost />
    </>,
    { path: '/document/:document', url: `/document/${DOC_ID}` },
  );
  return fetchMock;
}

/** Opens the send dialog by its button (named `name` in the language shown) and waits for its quote. */
export async function openSendDialog(name = 'Send for signing') {
  fireEvent.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  await within(dialog).findByRole('table');
  return dialog;
}
