import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signingMethodPrice, transaction as transactionSchema } from '@sinetti/contract';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { signIn, transaction, transactionsReply } from '../test/fixtures';
import { TransactionsCard } from './TransactionsCard';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => signIn());
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const PRICES = 'GET /api/plan/prices';
const TRANSACTIONS = 'GET /api/plan/transactions?limit=10&offset=0';

const methods = [
  { id: 'fi-trust-network', name: 'FTN (FI)', level: 'advanced', value: 120 },
  { id: 'de-sign-me', name: 'D-Trust sign-me (DE)', level: 'qualified', value: 300 },
].map((m) => signingMethodPrice.parse(m));

function show(rows: ReturnType<typeof transaction>[]) {
  for (const row of rows) transactionSchema.parse(row);
  const fetchMock = mockApi({
    [TRANSACTIONS]: () => transactionsReply(rows),
    [PRICES]: () => ({ status: 'OK', currency: 'EUR', plan: 'basic', methods }),
  });
  renderAt(<TransactionsCard />);
  return fetchMock;
}

const names = async () => {
  const table = await screen.findByRole('table', { name: /Transaction history|Tapahtumahistoria/ });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.children[0]?.textContent);
};

describe('ledger names of charges by signing method (issue #29 item 4)', () => {
  it('names a method’s charge and refund by the price list, an unknown one by its id', async () => {
    show([
      transaction(1, { name: 'signature_fi-trust-network', amount: -120 }),
      transaction(2, { name: 'signature_de-sign-me', amount: 300, refund: true }),
      transaction(3, { name: 'signature_se-bankid', amount: -150 }),
      transaction(4, { name: 'signature_advanced', amount: -120 }),
    ]);
    expect(await screen.findByText('Signature: FTN (FI)')).toBeInTheDocument();
    expect(await names()).toEqual([
      'Signature: FTN (FI)',
      'Refund: Signature: D-Trust sign-me (DE)',
      'Signature (se-bankid)',
      'Advanced signature',
    ]);
  });

  it('in Finnish', async () => {
    await changeLanguage('fi');
    show([transaction(1, { name: 'signature_fi-trust-network', amount: -120 })]);
    expect(await screen.findByText('Allekirjoitus: FTN (FI)')).toBeInTheDocument();
  });

  it('does not read the price list for a ledger without such charges', async () => {
    const fetchMock = show([transaction(1), transaction(2, { name: 'signature_simple', amount: -45 })]);
    expect(await names()).toEqual(['Balance top-up', 'Simple signature']);
    expect(callsTo(fetchMock, PRICES)).toEqual([]);
  });
});
