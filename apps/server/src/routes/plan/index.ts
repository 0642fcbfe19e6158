import type { FastifyInstance } from 'fastify';
import { registerPlanPaymentRoutes } from './payments.ts';
import { registerPlanReadRoutes } from './read.ts';

/** SPEC §7.2 plan/: plan data, catalog, price list, balance, transactions, top-up, create and upgrade. */
export function registerPlanRoutes(app: FastifyInstance): void {
  registerPlanReadRoutes(app);
  registerPlanPaymentRoutes(app);
}
