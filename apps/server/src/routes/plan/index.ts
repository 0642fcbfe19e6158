import type { FastifyInstance } from 'fastify';
import { registerBillingJobs } from '../../commands/billing/jobs.ts';
import { paymentProviderOf } from '../../services/payments/index.ts';
import { registerPlanPaymentRoutes } from './payments.ts';
import { registerPlanReadRoutes } from './read.ts';

/** SPEC §7.2 plan/: plan data, catalog, price list, balance, transactions, top-up, create and upgrade. */
export function registerPlanRoutes(app: FastifyInstance): void {
  registerBillingJobs(app.jobs.registry, () => paymentProviderOf(app.ctx));
  registerPlanReadRoutes(app);
  registerPlanPaymentRoutes(app);
}
