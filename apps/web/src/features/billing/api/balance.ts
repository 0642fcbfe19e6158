import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { ApiError, call } from '../../../lib/api';
import { refreshBilling } from './keys';

export interface TopUpInput {
  /** Whole euros, 10 to 500. */
  amount: number;
  /** The same key for every attempt of one top-up: a retried or double-clicked top-up charges once. */
  idempotencyKey: string;
}

export const topUp = (body: TopUpInput) => call(api.plan.topUp, { body });

/**
 * The pauses before each automatic retry of a top-up whose outcome is unknown (issue 31 item 11); the
 * number of entries is the number of retries. A setting object so that tests can shorten the pauses.
 */
export const topUpRetry: { delaysMs: number[] } = { delaysMs: [1_000, 3_000, 6_000] };

/**
 * No answer (network), or the server or a proxy in front of it could not finish (503, 500, 502, 504): the
 * charge may have been made all the same. Refusals (4xx) and payment outcomes (declined, no payment method)
 * are known.
 */
export function outcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK' || error.httpStatus >= 500);
}

/**
 * A top-up that asks again with the SAME idempotency key while its outcome is unknown, so that a charge
 * the server made while the client got 503 is answered by its stored outcome instead of being lost or
 * charged twice. Throws the last error once the retries are spent.
 */
export async function topUpUntilKnown(body: TopUpInput): ReturnType<typeof topUp> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await topUp(body);
    } catch (error) {
      const delay = topUpRetry.delaysMs[attempt];
      if (delay === undefined || !outcomeUnknown(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Adds balance (SPEC §4.8: status OK means success); afterwards balance, plan and history are read again. */
export function useTopUp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: topUpUntilKnown, onSettled: () => refreshBilling(queryClient) });
}
