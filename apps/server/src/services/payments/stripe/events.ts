import type Stripe from 'stripe';
import type { CardDetails, PaymentEvent } from '../types.ts';

export function cardOf(method: Stripe.PaymentMethod): CardDetails {
  const card = method.card;
  return {
    brand: card?.brand ?? method.type,
    last4: card?.last4 ?? '',
    expMonth: card?.exp_month ?? null,
    expYear: card?.exp_year ?? null,
  };
}

/** Maps a verified Stripe event to ours; events this app does not use are `ignored`. */
export async function eventOf(
  event: Stripe.Event,
  setupResult: (session: Stripe.Checkout.Session, setupId: string) => Promise<PaymentEvent>,
): Promise<PaymentEvent> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const setupId = session.client_reference_id ?? session.metadata?.setupId;
      if (session.mode !== 'setup' || !setupId) return { type: 'ignored' };
      return setupResult(session, setupId);
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      const setupId = session.client_reference_id ?? session.metadata?.setupId;
      if (session.mode !== 'setup' || !setupId) return { type: 'ignored' };
      return {
        type: 'setup.failed',
        setupId,
        providerRef: session.id,
        message: 'The Checkout page expired.',
      };
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const paymentId = intent.metadata?.paymentId;
      return paymentId
        ? { type: 'payment.succeeded', paymentId, providerRef: intent.id }
        : { type: 'ignored' };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const paymentId = intent.metadata?.paymentId;
      if (!paymentId) return { type: 'ignored' };
      const message = intent.last_payment_error?.message ?? 'The card was declined.';
      return { type: 'payment.failed', paymentId, providerRef: intent.id, message };
    }
    default:
      return { type: 'ignored' };
  }
}
