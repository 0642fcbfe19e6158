import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of billing. Every reply of the plan/ area is cached under 'plan' (the navigation's balance
 * too, as ['plan', 'balance']) and the payment method under 'payments', so one invalidation after a
 * payment refreshes all of them.
 */
export const billingKeys = {
  plan: ['plan', 'plan'],
  catalog: ['plan', 'catalog'],
  prices: ['plan', 'prices'],
  transactions: ['plan', 'transactions'],
  paymentMethod: ['payments', 'can-charge'],
} as const;

/** Refetches plan, balance, transactions and the payment method. */
export function refreshBilling(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['plan'] }),
    queryClient.invalidateQueries({ queryKey: ['payments'] }),
  ]);
}
