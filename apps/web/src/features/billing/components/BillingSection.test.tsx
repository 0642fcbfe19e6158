import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { registerBillingModals } from '../modals';
import {
  canChargeReply,
  ownerRoles,
  planReply,
  signIn,
  transaction,
  transactionsReply,
} from '../test/fixtures';
import { BillingSection } from './BillingSection';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  registerBillingModals();
});
afterEach(async () => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('en');
});

type Replies = Parameters<typeof mockApi>[0];

function openBilling(replies: Replies = {}) {
  const fetchMock = mockApi({
    'GET /api/privileges/account-roles': ownerRoles,
    'GET /api/plan/plan': () => planReply(),
    'GET /api/payments/can-charge': () => canChargeReply(),
    'GET /api/plan/transactions?limit=10&offset=0': () =>
      transactionsReply([transaction(1), transaction(2, { name: 'signature_advanced', amount: -120 })]),
    ...replies,
  });
  renderAt(
    <>
      <BillingSection />
      <ModalHost />
    </>,
  );
  return fetchMock;
}

const card = (name: string) => screen.getByRole('region', { name });

describe('billing page', () => {
  it('shows balance, saved card, plan and transactions with Helsinki times', async () => {
    openBilling();
    expect(await screen.findByText('€30.00')).toBeInTheDocument();
    expect(card('Balance')).toHaveTextContent('Includes €5.00 of plan credit.');
    expect(await screen.findByText('Visa ending in 4242')).toBeInTheDocument();
    expect(card('Payment method')).toHaveTextContent('TEST MODE');
    expect(card('Payment method')).toHaveTextContent('Expires 04/2031');
    expect(card('Plan')).toHaveTextContent('Basic');
    expect(card('Plan')).toHaveTextContent('€9.00 / month');

    const table = await screen.findByRole('table', { name: 'Transaction history' });
    const rows = within(table).getAllByRole('row').slice(1);
    // 22:30 UTC on 15 January is 00:30 on the 16th in Helsinki.
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['Balance top-up', '+€25.00', '16 Jan 2025, 00:30'],
      ['Advanced signature', '-€1.20', '16 Jan 2025, 00:30'],
    ]);
    expect(screen.queryByRole('navigation', { name: 'Transaction history pages' })).not.toBeInTheDocument();
  });

  it('writes money and dates the Finnish way', async () => {
    await changeLanguage('fi');
    openBilling();
    expect(await screen.findByText('30,00 €')).toBeInTheDocument();
    expect(await screen.findByText('Saldon lisäys')).toBeInTheDocument();
    expect(screen.getAllByText(/^16\.01\.2025 0?0\.30$/)).toHaveLength(2);
  });

  it('shows an empty history and no upgrade without a payment method', async () => {
    openBilling({
      'GET /api/payments/can-charge': () => canChargeReply(false),
      'GET /api/plan/transactions?limit=10&offset=0': () => transactionsReply([]),
    });
    expect(await screen.findByText(/No transactions yet/)).toBeInTheDocument();
    expect(await screen.findByText('Add a payment method to upgrade the plan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade plan' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add payment method' })).toBeInTheDocument();
  });

  it('shows a pending plan and no upgrade when the plan cannot be upgraded', async () => {
    openBilling({ 'GET /api/plan/plan': () => planReply({ canUpgrade: false }, { name: 'business' }) });
    expect(await screen.findByText('Waiting for payment: Business')).toBeInTheDocument();
    await screen.findByText('Visa ending in 4242');
    expect(screen.queryByRole('button', { name: 'Upgrade plan' })).not.toBeInTheDocument();
  });

  it('pages through a long history', async () => {
    const fetchMock = openBilling({
      'GET /api/plan/transactions?limit=10&offset=0': () => transactionsReply([transaction(1)], 12),
      'GET /api/plan/transactions?limit=10&offset=10': () =>
        transactionsReply([transaction(11, { name: 'signature_simple', amount: -45 })], 12),
    });
    fireEvent.click(await screen.findByRole('button', { name: '2' }));
    expect(await screen.findByText('Simple signature')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/plan/transactions?limit=10&offset=10')).toHaveLength(1);
  });

  it('names the document of a signature charge and shows a refund as a refund', async () => {
    const document = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Lease 2026.pdf' };
    openBilling({
      'GET /api/plan/transactions?limit=10&offset=0': () =>
        transactionsReply([
          transaction(2, { name: 'signature_advanced', amount: 120, refund: true, document }),
          transaction(1, { name: 'signature_advanced', amount: -120, document }),
        ]),
    });
    const table = await screen.findByRole('table', { name: 'Transaction history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Refund: Advanced signature');
    expect(rows[0]).toHaveTextContent('+€1.20');
    expect(rows[1]).not.toHaveTextContent('Refund');
    const links = within(table).getAllByRole('link', { name: 'Lease 2026.pdf' });
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', `/document/${document.id}`);
  });

  it('upgrades the plan to a higher one', async () => {
    const fetchMock = openBilling({
      'GET /api/plan/catalog': () => ({
        status: 'OK',
        currency: 'EUR',
        current: 'basic',
        plans: ['freemium', 'basic', 'business', 'enterprise'].map((name, i) => ({
          name,
          monthlyPrice: [0, 900, 2900, 9900][i],
          yearlyPrice: 0,
          freeBalance: 0,
          prices: [],
        })),
      }),
      'POST /api/plan/upgrade': () => ({ status: 'OK' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade plan' });
    expect(await within(dialog).findByLabelText('Business – €29.00 / month')).toBeChecked();
    expect(within(dialog).queryByLabelText(/Freemium/)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('Enterprise – €99.00 / month'));
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' })));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('The plan was upgraded to Enterprise.'));
    expect(callsTo(fetchMock, 'POST /api/plan/upgrade')).toEqual([
      { plan: 'enterprise', idempotencyKey: expect.any(String) },
    ]);
  });

  it('says that an earlier plan payment is still pending when the server refuses with PLAN_PAYMENT_PENDING', async () => {
    openBilling({
      'GET /api/plan/catalog': () => ({
        status: 'OK',
        currency: 'EUR',
        current: 'basic',
        plans: ['freemium', 'basic', 'business'].map((name, i) => ({
          name,
          monthlyPrice: [0, 900, 2900][i],
          yearlyPrice: 0,
          freeBalance: 0,
          prices: [],
        })),
      }),
      'POST /api/plan/upgrade': () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'PLAN_PAYMENT_PENDING',
        message: 'A plan payment is still pending.',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade plan' });
    expect(await within(dialog).findByLabelText('Business – €29.00 / month')).toBeChecked();
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' })));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'A plan payment is still being processed. Try again once it has gone through.',
      ),
    );
  });
});
