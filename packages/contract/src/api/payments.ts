import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply, statusReply } from '../envelope.ts';
import { isoDate } from './common.ts';

/** Card payment providers. `sandbox` is the built-in test-mode provider (no real card is charged). */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * The web app's card-payment return route (SPEC §2.1): `/payment-return/{provider}/{message?}`.
 * Messages the server sends there: saved (payment method saved), cancelled, failed.
 */
export const PAYMENT_RETURN_PATH = '/payment-return';
export const PAYMENT_RETURN_MESSAGES = ['saved', 'cancelled', 'failed'] as const;

export const paymentMethodSummary = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Card brand, e.g. visa. */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  /** True for the sandbox provider: TEST MODE, no real card is charged. */
  testMode: z.boolean(),
  created: isoDate,
});
export type PaymentMethodSummary = z.infer<typeof paymentMethodSummary>;

export const payments = {
  canCharge: endpoint({
    id: 'payments.canCharge',
    method: 'GET',
    path: '/payments/can-charge',
    access: 'organization',
    summary:
      'OK when the organization has a saved payment method, else PAYMENT_METHOD_REQUIRED (owner). Also ' +
      'settles a setup the provider finished while its webhook has not arrived yet.',
    reply: statusReply(['OK', 'PAYMENT_METHOD_REQUIRED'], {
      paymentMethod: paymentMethodSummary.nullable(),
      /** The active provider; null when card payments are not configured. */
      provider: z.enum(PAYMENT_PROVIDERS).nullable(),
      testMode: z.boolean(),
    }),
  }),
  setup: endpoint({
    id: 'payments.setup',
    method: 'GET',
    path: '/payments/setup',
    access: 'organization',
    summary:
      "Start adding (or replacing) the payment method (owner): PAYMENT_METHOD_REQUIRED with the provider's " +
      'page in redirectUrl. The browser returns to /payment-return/{provider}/{message}. UNAVAILABLE when card ' +
      'payments are not configured.',
    reply: statusReply(['PAYMENT_METHOD_REQUIRED'], {
      redirectUrl: z.string(),
      provider: z.enum(PAYMENT_PROVIDERS),
      testMode: z.boolean(),
    }),
  }),
  webhook: endpoint({
    id: 'payments.webhook',
    method: 'POST',
    path: '/payments/webhook/:provider',
    access: 'public',
    summary:
      "The payment provider's signed event (Stripe: `Stripe-Signature`). A missing or bad signature is " +
      'VALIDATION_FAILED (400); an unknown provider NOT_FOUND.',
    params: z.object({ provider: z.string().max(40) }),
    reply: okReply({ received: z.literal(true) }),
  }),
} as const;
