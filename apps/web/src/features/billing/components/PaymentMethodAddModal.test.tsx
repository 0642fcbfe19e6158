import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { browser } from '../lib/browser';
import { registerBillingModals } from '../modals';
import { canChargeReply, signIn } from '../test/fixtures';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  registerBillingModals();
});
afterEach(() => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const REDIRECT = 'http://127.0.0.1/sandbox-pay/setup/abc';

function openSetup() {
  renderAt(<ModalHost />);
  act(() => modalStore.open('payment-method-add'));
  return screen.getByRole('dialog', { name: 'Add payment method' });
}

describe('payment-method-add (SPEC §4.8)', () => {
  it('explains leaving, marks test mode and goes to the provider page', async () => {
    const goTo = vi.spyOn(browser, 'goTo').mockImplementation(() => undefined);
    const fetchMock = mockApi({
      'GET /api/payments/can-charge': () => canChargeReply(false),
      'GET /api/payments/setup': () => ({
        status: 'PAYMENT_METHOD_REQUIRED',
        redirectUrl: REDIRECT,
        provider: 'sandbox',
        testMode: true,
      }),
    });
    const dialog = openSetup();
    expect(dialog).toHaveTextContent("You will leave Sinetti for the card payment provider's secure page");
    expect(await within(dialog).findByText('TEST MODE')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to the card payment provider' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(REDIRECT));
    expect(callsTo(fetchMock, 'GET /api/payments/setup')).toHaveLength(1);
    expect(showError).not.toHaveBeenCalled();
  });

  it('reports a failed set-up and stays', async () => {
    const goTo = vi.spyOn(browser, 'goTo').mockImplementation(() => undefined);
    mockApi({
      'GET /api/payments/can-charge': () => canChargeReply(false),
      'GET /api/payments/setup': () => ({ status: 'ERROR', code: 'UNAVAILABLE', message: 'Not configured.' }),
    });
    const dialog = openSetup();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to the card payment provider' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Could not redirect to the card payment provider'),
    );
    expect(goTo).not.toHaveBeenCalled();
    expect(modalStore.isOpen('payment-method-add')).toBe(true);
  });
});
