import type { AppContext } from '../../http/context.ts';
import { createSandboxProvider } from './sandbox/provider.ts';
import { createStripeProvider } from './stripe/provider.ts';
import type { PaymentProvider } from './types.ts';

export type { PaymentProvider, PaymentEvent } from './types.ts';

const providers = new WeakMap<AppContext, PaymentProvider | null>();

function createProvider(ctx: AppContext): PaymentProvider | null {
  const { payments, publicUrl } = ctx.config;
  if (payments.provider === 'stripe' && payments.stripe) return createStripeProvider(payments.stripe);
  if (payments.provider === 'sandbox') return createSandboxProvider(ctx.db, publicUrl);
  return null;
}

/** The app's card payment provider (by PAYMENT_PROVIDER), created once per app; null when payments are off. */
export function paymentProviderOf(ctx: AppContext): PaymentProvider | null {
  if (!providers.has(ctx)) providers.set(ctx, createProvider(ctx));
  return providers.get(ctx) ?? null;
}
