import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { topUpRetry } from '../api/balance';
import { registerBillingModals } from '../modals';
import { canChargeReply, ownerRoles, planReply, signIn, transactionsReply } from '../test/fixtures';
import { BillingSection } from './BillingSection';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const retryDelays = topUpRetry.delaysMs;
beforeEach(() => {
  signIn();
  registerBillingModals();
  topUpRetry.delaysMs = [5, 5];
});
afterEach(() => {
  topUpRetry.delaysMs = retryDelays;
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const TOP_UP = 'POST /api/plan/balance';

/**
 * A server that applies a top-up once per idempotency key and keeps its outcome, as apps/server does
 * (billing-top-up.test.ts: "charges once for a retried key"), but whose first reply is lost behind a 503
 * or a dropped connection: the charge was made, the client did not hear of it (issue 31 item 11).
 */
function serverThatLosesTheFirstReply(lost: 'unavailable' | 'network') {
  let balance = 3000;
  const outcomes = new Map<string, { amount: number; reply: { status: 'OK'; balance: number } }>();
  const charges: number[] = [];
  const fetchMock = mockApi({
    'GET /api/privileges/account-roles': ownerRoles,
    'GET /api/plan/plan': () => planReply({ balance }),
    'GET /api/payments/can-charge': () => canChargeReply(),
    'GET /api/plan/transactions?limit=10&offset=0': () => transactionsReply([]),
    [TOP_UP]: (body) => {
      const { amount, idempotencyKey } = body as { amount: number; idempotencyKey: string };
      const stored = outcomes.get(idempotencyKey);
      if (stored) return stored.reply;
      balance += amount * 100;
      charges.push(amount);
      outcomes.set(idempotencyKey, { amount, reply: { status: 'OK', balance } });
      if (lost === 'network') throw new TypeError('Failed to fetch');
      return { status: 'ERROR', code: 'UNAVAILABLE', message: 'Service unavailable.' };
    },
  });
  return { fetchMock, charges };
}

describe('a top-up whose first reply is lost (billing page)', () => {
  it.each(['unavailable', 'network'] as const)(
    'shows the success and the new balance, charged once (%s)',
    async (lost) => {
      const { fetchMock, charges } = serverThatLosesTheFirstReply(lost);
      renderAt(
        <>
          <BillingSection />
          <ModalHost />
        </>,
      );
      expect(await screen.findByText('€30.00')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Add balance' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add balance' });
      fireEvent.change(within(dialog).getByLabelText('Amount (EUR)'), { target: { value: '25' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add balance' }));

      await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('€25.00 was added to the balance.'));
      expect(await screen.findByText('€55.00')).toBeInTheDocument();
      expect(screen.getByTestId('billing-balance')).toHaveTextContent('€55.00');
      expect(showError).not.toHaveBeenCalled();
      expect(charges).toEqual([25]);
      const keys = callsTo(fetchMock, TOP_UP).map((b) => (b as { idempotencyKey: string }).idempotencyKey);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    },
  );
});
