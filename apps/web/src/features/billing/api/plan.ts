import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type PlanName } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { billingKeys, refreshBilling } from './keys';

/** The organization's plan, balance and prices (owner; SPEC §3 Plan, §7.2). */
export const planQuery = queryOptions({
  queryKey: billingKeys.plan,
  queryFn: ({ signal }) => call(api.plan.plan, { signal }),
});

/** Every plan with its fees, for the upgrade choice. */
export const catalogQuery = queryOptions({
  queryKey: billingKeys.catalog,
  queryFn: ({ signal }) => call(api.plan.catalog, { signal }),
  staleTime: 5 * 60_000,
});

export interface UpgradeInput {
  plan: PlanName;
  idempotencyKey: string;
}

export const upgradePlan = (body: UpgradeInput) => call(api.plan.upgrade, { body });

/** Upgrades the plan; whatever the outcome, plan and balance are read again. */
export function useUpgradePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: upgradePlan, onSettled: () => refreshBilling(queryClient) });
}
