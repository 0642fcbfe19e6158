import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { refreshBilling } from './keys';

export interface TopUpInput {
  /** Whole euros, 10 to 500. */
  amount: number;
  /** The same key for every attempt of one top-up: a retried or double-clicked top-up charges once. */
  idempotencyKey: string;
}

export const topUp = (body: TopUpInput) => call(api.plan.topUp, { body });

/** Adds balance (SPEC §4.8: status OK means success); afterwards balance, plan and history are read again. */
export function useTopUp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: topUp, onSettled: () => refreshBilling(queryClient) });
}
