import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { topUpRetry } from '../api/balance';
import { registerBillingModals } from '../modals';
import { canChargeReply, signIn } from '../test/fixtures';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const retryDelays = topUpRetry.delaysMs;
beforeEach(() => {
  signIn();
  registerBillingModals();
  // Short pauses between the automatic retries of an unknown outcome (the real ones are seconds).
  topUpRetry.delaysMs = [5, 5];
});
afterEach(() => {
  topUpRetry.delaysMs = retryDelays;
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const KEY = 'POST /api/plan/balance';

function openTopUp() {
  renderAt(<ModalHost />);
  act(() => modalStore.open('balance-add'));
  const dialog = screen.getByRole('dialog', { name: 'Add balance' });
  return {
    dialog,
    input: within(dialog).getByLabelText('Amount (EUR)'),
    submit: within(dialog).getByRole('button', { name: 'Add balance' }),
  };
}

const keysOf = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, KEY).map((body) => (body as { idempotencyKey: string }).idempotencyKey);

describe('balance-add (SPEC §5 top-up)', () => {
  it('starts at 10 with the button enabled', () => {
    mockApi({});
    const { input, submit } = openTopUp();
    expect(input).toHaveValue('10');
    expect(submit).toBeEnabled();
    expect(screen.queryByText('Amount has to be between 10 and 500.')).not.toBeInTheDocument();
  });

  it.each(['9', '501', '0'])('warns and disables the button for %s', (value) => {
    mockApi({});
    const { input, submit } = openTopUp();
    fireEvent.change(input, { target: { value } });
    expect(screen.getByText('Amount has to be between 10 and 500.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it.each(['12.5', '10,5'])('says whole euros for %s and disables the button', (value) => {
    mockApi({});
    const { input, submit } = openTopUp();
    fireEvent.change(input, { target: { value } });
    expect(screen.getByText('Add whole euros only, without cents.')).toBeInTheDocument();
    expect(screen.queryByText('Amount has to be between 10 and 500.')).not.toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it("shows the server's reason when it refuses the amount", async () => {
    mockApi({
      [KEY]: () => ({
        status: 'ERROR',
        code: 'VALIDATION_FAILED',
        reason: 'TOP_UP_NOT_WHOLE',
        message: 'Add whole euros only.',
      }),
    });
    const { submit } = openTopUp();
    fireEvent.click(submit);
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Add whole euros only, without cents.'));
  });

  it('turns a non-numeric amount into 0', () => {
    mockApi({});
    const { input, submit } = openTopUp();
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('0');
    expect(submit).toBeDisabled();
    fireEvent.change(input, { target: { value: '500' } });
    expect(submit).toBeEnabled();
  });

  it('adds the balance, reports it and closes; a double click charges once', async () => {
    const fetchMock = mockApi({ [KEY]: () => ({ status: 'OK', balance: 2500 }) });
    const { input, submit } = openTopUp();
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('€25.00 was added to the balance.'));
    expect(callsTo(fetchMock, KEY)).toEqual([{ amount: 25, idempotencyKey: expect.any(String) }]);
    expect(modalStore.isOpen('balance-add')).toBe(false);
  });

  it('asks again with the same key while the outcome is unknown (503, no answer) and shows the real outcome', async () => {
    let attempt = 0;
    const fetchMock = mockApi({
      [KEY]: () => {
        attempt++;
        if (attempt === 1) {
          return {
            status: 'ERROR',
            code: 'UNAVAILABLE',
            message: 'The payment provider could not be reached.',
          };
        }
        if (attempt === 2) throw new TypeError('Failed to fetch');
        return { status: 'OK', balance: 1000 };
      },
    });
    const { submit } = openTopUp();
    fireEvent.click(submit);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('€10.00 was added to the balance.'));
    expect(showError).not.toHaveBeenCalled();
    expect(modalStore.isOpen('balance-add')).toBe(false);
    const keys = keysOf(fetchMock);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
  });

  it('says the top-up is unconfirmed once the retries are spent, and the next try reuses the key', async () => {
    let answer = false;
    const fetchMock = mockApi({
      [KEY]: () =>
        answer
          ? { status: 'OK', balance: 1000 }
          : { status: 'ERROR', code: 'UNAVAILABLE', message: 'The payment provider could not be reached.' },
    });
    const { submit } = openTopUp();
    fireEvent.click(submit);
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'We could not confirm whether the balance was added. Try again: the same top-up is never charged twice.',
        'The top-up was not confirmed',
      ),
    );
    // The first attempt and one retry per pause.
    expect(keysOf(fetchMock)).toHaveLength(1 + topUpRetry.delaysMs.length);
    expect(modalStore.isOpen('balance-add')).toBe(true);
    await waitFor(() => expect(submit).not.toHaveAttribute('data-loading'));
    answer = true;
    fireEvent.click(submit);
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    const keys = keysOf(fetchMock);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
  });

  it('does not ask again after a refusal (the outcome is known: nothing was charged)', async () => {
    const fetchMock = mockApi({
      [KEY]: () => ({ status: 'ERROR', code: 'CONFLICT', message: 'This key was used for another amount.' }),
    });
    const { submit } = openTopUp();
    fireEvent.click(submit);
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Balance could not be added'));
    expect(keysOf(fetchMock)).toHaveLength(1);
  });

  it('shows the declined message and uses a new key for the next attempt', async () => {
    const message = 'TEST MODE: the card was declined (test card 4000 0000 0000 0002). Nothing was charged.';
    const fetchMock = mockApi({ [KEY]: () => ({ status: 'PAYMENT_DECLINED', message }) });
    const { submit } = openTopUp();
    fireEvent.click(submit);
    // The provider's English words are not shown: the text is the app's own, in the user's language.
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'The card was declined. Nothing was charged.',
        'The card was declined',
      ),
    );
    expect(modalStore.isOpen('balance-add')).toBe(true);
    await waitFor(() => expect(submit).not.toHaveAttribute('data-loading'));
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo(fetchMock, KEY)).toHaveLength(2));
    const [first, second] = keysOf(fetchMock);
    expect(second).not.toBe(first);
  });

  it('explains a missing payment method and offers adding one', async () => {
    mockApi({
      [KEY]: () => ({ status: 'PAYMENT_METHOD_REQUIRED' }),
      'GET /api/payments/can-charge': () => canChargeReply(false),
    });
    const { submit } = openTopUp();
    fireEvent.click(submit);
    const addMethod = await screen.findByRole('button', { name: 'Add payment method' });
    expect(screen.getByText('Add a payment method before adding balance.')).toBeInTheDocument();
    fireEvent.click(addMethod);
    expect(modalStore.isOpen('balance-add')).toBe(false);
    expect(modalStore.isOpen('payment-method-add')).toBe(true);
  });
});
