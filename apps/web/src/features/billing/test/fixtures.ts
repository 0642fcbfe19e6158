import type { PlanData, Transaction } from '@sinetti/contract';
import { sessionStore } from '../../../lib/session';

export const ORG_ACME = '00000000-0000-4000-8000-000000000002';

export function signIn(selectedOrganization = ORG_ACME) {
  sessionStore.signIn({
    id: 'secret-session-id',
    updated: new Date().toISOString(),
    status: 'OK',
    selectedOrganization,
    lastBalance: null,
  });
}

export function planReply(overrides: Partial<PlanData['plan']> = {}, unpaid: PlanData['unpaidPlan'] = null) {
  return {
    status: 'OK',
    company: { paid: true, freeBalance: 500, paidBalance: 2500, paidUntil: '2025-02-01T10:00:00.000Z' },
    unpaidPlan: unpaid,
    plan: {
      name: 'basic',
      canUpgrade: true,
      balance: 3000,
      currency: 'EUR',
      monthly: true,
      prices: [
        { name: 'MONTHLY_PRICE', value: 900 },
        { name: 'YEARLY_PRICE', value: 9000 },
        { name: 'FREE_BALANCE', value: 500 },
        { name: 'signature-simple', value: 45 },
      ],
      ...overrides,
    },
  };
}

export function canChargeReply(withCard = true) {
  return {
    status: withCard ? 'OK' : 'PAYMENT_METHOD_REQUIRED',
    provider: 'sandbox',
    testMode: true,
    paymentMethod: withCard
      ? {
          provider: 'sandbox',
          brand: 'visa',
          last4: '4242',
          expMonth: 4,
          expYear: 2031,
          testMode: true,
          created: '2025-01-01T10:00:00.000Z',
        }
      : null,
  };
}

export function transaction(n: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: 'balance',
    amount: 2500,
    created: '2025-01-15T22:30:00.000Z',
    refund: false,
    document: null,
    ...overrides,
  };
}

export function transactionsReply(transactions: Transaction[], total = transactions.length) {
  return { status: 'OK', currency: 'EUR', total, transactions };
}

export const ownerRoles = () => ({
  status: 'OK',
  isOwner: true,
  permissions: [2, 3, 4, 5, 6, 8, 9, 11, 12, 14, 15, 16, 18, 19, 20, 22, 23, 25, 26],
  keys: [],
  roles: [],
});
