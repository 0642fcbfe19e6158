import type { JobRegistry } from '../../services/jobs/index.ts';
import type { PaymentProvider } from '../../services/payments/types.ts';
import { expireAllLapsedCredit } from './ledger.ts';
import { reconcileStalePayments } from './reconcile.ts';

export const BILLING_JOBS = {
  reconcile: 'payments.reconcile',
  expireCredit: 'billing.expire-credit',
} as const;

/** Hourly: plan credit of periods that have ended is written off, so the ledger keeps summing to the balance. */
export const EXPIRE_CREDIT_INTERVAL_MS = 3600_000;

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
  registry.registerPeriodic(BILLING_JOBS.expireCredit, EXPIRE_CREDIT_INTERVAL_MS, async (_job, c) => {
    const written = await expireAllLapsedCredit(c.db, c.clock.now());
    if (written > 0) c.log.info({ organizations: written }, 'billing: wrote off lapsed plan credit');
  });
}
