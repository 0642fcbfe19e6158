import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../components/modals';
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
afterEach(resetTestState);

const QUOTE = `GET /api/signing/quote/${DOC_ID}`;
const SEND = `POST /api/signing/send/${DOC_ID}`;
const signees = [
  makeSignee(),
  makeSignee({
    id: '00000000-0000-4000-8000-0000000000e2',
    fullName: 'Olli Ohto',
    email: 'olli@example.com',
  }),
];

function renderSend(extra: Record<string, (body: unknown) => unknown> = {}) {
  const fetchMock = mockApi({ ...memberReplies(signees, { send: true }), ...extra });
  renderAt(
    <>
      <SigningActions document={makeDocument()} onReload={vi.fn()} />
      <ModalHost />
    </>,
    { path: '/document/:document', url: `/document/${DOC_ID}` },
  );
  return fetchMock;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Send for signing' }));
  return screen.findByRole('dialog', { name: 'Send for signing' });
}

describe('the send dialog (issue 12 items 6 and 7)', () => {
  it('shows the cost per signee, the total and the balance before and after, as the server computed', async () => {
    renderSend({
      [QUOTE]: () => ({
        status: 'OK',
        quote: makeQuote(signees, {
          signees: signees.map((s, i) => ({
            id: s.id,
            email: s.email,
            level: 1,
            method: 'host-email-sms',
            methodName: 'localhost (e-mail)',
            priceCents: 50 + i * 100,
          })),
          totalCents: 200,
          balanceCents: 1234,
          balanceAfterCents: 1034,
        }),
      }),
    });
    const dialog = await openDialog();
    const table = await within(dialog).findByRole('table', { name: 'Cost of the signatures' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'SigneePrice',
      'Liisa Laine <liisa@example.com>Simple · localhost (e-mail)€0.50',
      'Olli Ohto <olli@example.com>Simple · localhost (e-mail)€1.50',
      'Total€2.00',
      'Balance now€12.34',
      'Balance after sending€10.34',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('shows a loading state, then a failure with a retry that reads the quote again', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = renderSend({
      [QUOTE]: () => {
        calls += 1;
        return calls === 1
          ? { status: 'ERROR', code: 'UNAVAILABLE', message: 'x' }
          : { status: 'OK', quote: makeQuote(signees) };
      },
    });
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementationOnce(async (...args) => {
      await gate;
      return original!(...args);
    });
    const dialog = await openDialog();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Calculating the cost…');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    release();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The cost could not be calculated.');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('table', { name: 'Cost of the signatures' })).toBeInTheDocument();
    expect(callsTo(fetchMock, QUOTE)).toHaveLength(2);
  });

  it('says before sending that the balance is short and offers the top-up page', async () => {
    renderSend({
      [QUOTE]: () => ({
        status: 'OK',
        quote: makeQuote(signees, { balanceCents: 40, balanceAfterCents: -60, enough: false }),
      }),
    });
    const dialog = await openDialog();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The balance does not cover these signatures.');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Add balance' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings/billing');
  });

  it('hides the balance when the server does not show it (no permission to see it)', async () => {
    renderSend({
      [QUOTE]: () => ({
        status: 'OK',
        quote: makeQuote(signees, { balanceCents: null, balanceAfterCents: null, enough: null }),
      }),
    });
    const dialog = await openDialog();
    const table = await within(dialog).findByRole('table', { name: 'Cost of the signatures' });
    expect(table).toHaveTextContent('Total€1.00');
    expect(table).not.toHaveTextContent('Balance');
    // Costs only: no word on whether the balance suffices, and sending is left to the server to judge.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add balance' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('sends the message, the expiry day and the reminder interval in the body', async () => {
    const fetchMock = renderSend({
      [SEND]: () => ({ status: 'OK', document: makeDocument({ state: 20 }) }),
    });
    const dialog = await openDialog();
    await within(dialog).findByRole('table', { name: 'Cost of the signatures' });
    const message = within(dialog).getByRole('textbox', { name: 'Message to signees (optional)' });
    fireEvent.change(message, { target: { value: '  Please sign by Friday.  ' } });
    expect(dialog).toHaveTextContent('974 characters left');
    const day = within(dialog).getByLabelText('Open until');
    expect(day).toHaveValue('2026-07-01');
    expect(day).toHaveAttribute('min', '2026-06-02');
    expect(day).toHaveAttribute('max', '2026-08-30');
    fireEvent.change(day, { target: { value: '2026-09-15' } });
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(dialog).toHaveTextContent('Choose a day between tomorrow and 90 days from today.');
    fireEvent.change(day, { target: { value: '2026-06-15' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Automatic reminders' }), {
      target: { value: '3' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Sent for signing' })).toBeInTheDocument();
    expect(callsTo(fetchMock, SEND)).toEqual([
      { message: 'Please sign by Friday.', expiresOn: '2026-06-15', reminderDays: 3 },
    ]);
  });

  it('sends no message and no reminders when none are chosen', async () => {
    const fetchMock = renderSend({
      [SEND]: () => ({ status: 'OK', document: makeDocument({ state: 20 }) }),
    });
    const dialog = await openDialog();
    await within(dialog).findByRole('table', { name: 'Cost of the signatures' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, SEND)).toEqual([{ expiresOn: '2026-07-01', reminderDays: null }]),
    );
  });
});
