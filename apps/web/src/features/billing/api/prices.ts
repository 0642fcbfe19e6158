import { queryOptions } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { billingKeys } from './keys';

/** Signature Pricing: the 28 signing methods with their price on the organization's plan (any member). */
export const pricesQuery = queryOptions({
  queryKey: billingKeys.prices,
  queryFn: ({ signal }) => call(api.plan.prices, { signal }),
});
