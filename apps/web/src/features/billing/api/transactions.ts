import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { billingKeys } from './keys';

export const TRANSACTIONS_PAGE_SIZE = 10;

/** One page (from 1) of the transaction history, newest first. */
export const transactionsQuery = (page: number) =>
  queryOptions({
    queryKey: [...billingKeys.transactions, page],
    queryFn: ({ signal }) =>
      call(api.plan.transactions, {
        query: { limit: TRANSACTIONS_PAGE_SIZE, offset: (page - 1) * TRANSACTIONS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
