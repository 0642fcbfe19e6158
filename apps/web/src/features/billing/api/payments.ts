import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { billingKeys } from './keys';

/** The saved payment method (or none), the active provider and whether it runs in test mode. */
export const paymentMethodQuery = queryOptions({
  queryKey: billingKeys.paymentMethod,
  queryFn: ({ signal }) => call(api.payments.canCharge, { signal }),
});

export const startPaymentSetup = () => call(api.payments.setup);

/** Starts adding a payment method: the reply names the provider's page (SPEC §4.8). */
export function useStartPaymentSetup() {
  return useMutation({ mutationFn: startPaymentSetup });
}
