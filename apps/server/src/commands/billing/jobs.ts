import type { JobRegistry } from '../../services/jobs/index.ts';
import type { PaymentProvider } from '../../services/payments/types.ts';
import { reconcileStalePayments } from './reconcile.ts';

export const BILLING_JOBS = { reconcile: 'payments.reconcile' } as const;

/** Every five minutes: settle payments left pending (a crash between recording and settling them). */
export const RECONCILE_INTERVAL_MS = 5 * 60_000;

export function registerBillingJobs(registry: JobRegistry, provider: () => PaymentProvider | null): void {
  registry.registerPeriodic(BILLING_JOBS.reconcile, RECONCILE_INTERVAL_MS, async (_job, c) => {
    const settled = await reconcileStalePayments({
      db: c.db,
      clock: c.clock,
      log: c.log,
      provider: provider(),
    });
    if (settled > 0) c.log.info({ settled }, 'payments: settled pending payments with the provider');
  });
}
