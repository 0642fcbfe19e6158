import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo } from '../../../test/render-route';
import { makeDocument, makeQuote, memberReplies } from '../test/fixtures';
import {
  openSendDialog,
  QUOTE,
  renderSigningActions,
  SEND,
  setUpSendDialogTests,
  threeSignees,
} from '../test/send-dialog';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

setUpSendDialogTests();

const signees = threeSignees([
  { level: 10, method: 'fi-trust-network', methodName: 'FTN (FI)' },
  { level: 20, method: 'de-sign-me', methodName: 'D-Trust sign-me (DE)' },
]);

function renderSend() {
  const prices = [120, 300, 45];
  return renderSigningActions({
    ...memberReplies(signees, { send: true }),
    [QUOTE]: () => {
      const quote = makeQuote(signees);
      quote.signees = quote.signees.map((s, i) => ({ ...s, priceCents: prices[i]! }));
      return { status: 'OK', quote: { ...quote, totalCents: 465, balanceAfterCents: 2000 - 465 } };
    },
    [SEND]: () => ({ status: 'OK', document: makeDocument({ state: 20 }) }),
  });
}

describe('the send dialog’s methods and name policy (issue #29 item 2)', () => {
  it('shows each signee’s level, method and price as the server quoted them', async () => {
    renderSend();
    const dialog = await openSendDialog();
    const rows = within(within(dialog).getByRole('table', { name: 'Cost of the signatures' }))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1, 5)).toEqual([
      'Liisa Laine <liisa@example.com>Advanced · FTN (FI)€1.20',
      'Olli Ohto <olli@example.com>Qualified · D-Trust sign-me (DE)€3.00',
      'Pia Puu <pia@example.com>Simple · localhost (e-mail)€0.45',
      'Total€4.65',
    ]);
  });

  it('continues with both names by default, and sends the chosen policy', async () => {
    const fetchMock = renderSend();
    const dialog = await openSendDialog();
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
    const dialog = await openSendDialog('Lähetä allekirjoitettavaksi');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Keskeytä allekirjoitus' }));
    expect(within(dialog).getByRole('radio', { name: 'Jatka ja näytä molemmat nimet' })).not.toBeChecked();
    expect(within(dialog).getByText('Kehittynyt · FTN (FI)')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lähetä' }));
    await waitFor(() => expect(callsTo(fetchMock, SEND)).toMatchObject([{ nameMismatch: 'stop' }]));
  });
});
