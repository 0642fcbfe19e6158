import { act, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_RETURN_REDIRECT_MS } from '@sinetti/contract';
import { mockApi, renderAt } from '../../../test/render-route';
import { signIn } from '../test/fixtures';
import { CardPaymentReturnPage } from './CardPaymentReturnPage';

beforeEach(() => signIn());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/payment-return/:provider/:message?';

describe('card-payment return route (SPEC §2.1)', () => {
  it('shows what happened, refreshes plan, payment method and roles, and goes to billing after 2.5 s', () => {
    vi.useFakeTimers();
    mockApi({});
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    renderAt(<CardPaymentReturnPage />, { path: PATH, url: '/payment-return/sandbox/saved' });
    expect(screen.getByText('Your card was saved.')).toBeInTheDocument();
    expect(screen.getByText('Taking you back to billing…')).toBeInTheDocument();
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['plan'], ['payments'], ['account-roles']]));

    act(() => vi.advanceTimersByTime(CARD_RETURN_REDIRECT_MS - 1));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/billing');
  });

  it('tells about a cancelled set-up and an unknown message', () => {
    mockApi({});
    const view = renderAt(<CardPaymentReturnPage />, {
      path: PATH,
      url: '/payment-return/sandbox/cancelled',
    });
    expect(screen.getByText('Adding the card was cancelled. Nothing was saved.')).toBeInTheDocument();
    view.unmount();
    renderAt(<CardPaymentReturnPage />, { path: PATH, url: '/payment-return/stripe' });
    expect(screen.getByText('The card payment provider sent you back.')).toBeInTheDocument();
  });
});
