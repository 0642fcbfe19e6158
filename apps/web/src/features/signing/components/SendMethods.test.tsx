import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../components/modals';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState, signInAs } from '../../../test/utils';
import { registerSigningModals } from '../modals';
import { DOC_ID, makeDocument, makeQuote, makeSignee, memberReplies } from '../test/fixtures';
import { SigningActions } from './SigningActions';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signInAs();
  registerSigningModals();
});
afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

const QUOTE = `GET /api/signing/quote/${DOC_ID}`;
const SEND = `POST /api/signing/send/${DOC_ID}`;
const signees = [
  makeSignee({ level: 10, method: 'fi-trust-network', methodName: 'FTN (FI)' }),
  makeSignee({
    id: '00000000-0000-4000-8000-0000000000e2',
    fullName: 'Olli Ohto',
    email: 'olli@example.com',
    level: 20,
    method: 'de-sign-me',
    methodName: 'D-Trust sign-me (DE)',
  }),
  makeSignee({
    id: '00000000-0000-4000-8000-0000000000e3',
    fullName: 'Sari Simple',
    email: 'sari@example.com',
  }),
];

function renderSend() {
  const prices = [120, 300, 45];
  const fetchMock = mockApi({
    ...memberReplies(signees, { send: true }),
    [QUOTE]: () => {
      const quote = makeQuote(signees);
      quote.signees = quote.signees.map((s, i) => ({ ...s, priceCents: prices[i]! }));
      return { status: 'OK', quote: { ...quote, totalCents: 465, balanceAfterCents: 2000 - 465 } };
    },
    [SEND]: () => ({ status: 'OK', document: makeDocument({ state: 20 }) }),
  });
  renderAt(
    <>
      <SigningActions document={makeDocument()} onReload={vi.fn()} />
      <ModalHost />
    </>,
    { path: '/document/:document', url: `/document/${DOC_ID}` },
  );
  return fetchMock;
}

async function openDialog(send = 'Send for signing') {
  fireEvent.click(await screen.findByRole('button', { name: send }));
  const dialog = await screen.findByRole('dialog', { name: send });
  await within(dialog).findByRole('table');
  return dialog;
}

describe('the send dialog’s methods and name policy (issue #29 item 2)', () => {
  it('shows each signee’s level, method and price as the server quoted them', async () => {
    renderSend();
    const dialog = await openDialog();
    const rows = within(within(dialog).getByRole('table', { name: 'Cost of the signatures' }))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1, 5)).toEqual([
      'Liisa Laine <liisa@example.com>Advanced · FTN (FI)€1.20',
      'Olli Ohto <olli@example.com>Qualified · D-Trust sign-me (DE)€3.00',
      'Sari Simple <sari@example.com>Simple · localhost (e-mail)€0.45',
      'Total€4.65',
    ]);
  });

  it('continues with both names by default, and sends the chosen policy', async () => {
    const fetchMock = renderSend();
    const dialog = await openDialog();
    const group = within(dialog).getByRole('radiogroup', {
      name: 'If the name verified by the eID differs from the one entered:',
    });
    expect(within(group).getByRole('radio', { name: 'Continue and show both names' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(fetchMock, SEND)).toMatchObject([{ nameMismatch: 'continue' }]));
  });

  it('Finnish: stopping the signing is sent when chosen', async () => {
    await changeLanguage('fi');
    const fetchMock = renderSend();
    const dialog = await openDialog('Lähetä allekirjoitettavaksi');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Keskeytä allekirjoitus' }));
    expect(within(dialog).getByRole('radio', { name: 'Jatka ja näytä molemmat nimet' })).not.toBeChecked();
    expect(within(dialog).getByText('Kehittynyt · FTN (FI)')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lähetä' }));
    await waitFor(() => expect(callsTo(fetchMock, SEND)).toMatchObject([{ nameMismatch: 'stop' }]));
  });
});
