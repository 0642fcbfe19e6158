import Stripe from 'stripe';
import type { PaymentsConfig } from '../../../config.ts';
import {
  WebhookSignatureError,
  type ChargeResult,
  type PaymentEvent,
  type PaymentProvider,
} from '../types.ts';
import { cardOf, eventOf } from './events.ts';

export type StripeSettings = NonNullable<PaymentsConfig['stripe']>;

/** The SDK client; STRIPE_API_BASE points it at another server (the tests' local fake of Stripe's API). */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol }
      : {}),
  });
}

/**
 * Stripe: Checkout in setup mode saves a card for the organization's customer, off-session
 * PaymentIntents charge it, and signed webhooks (or a look-up on return) report the results.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);

  const setupResult = async (session: Stripe.Checkout.Session, setupId: string): Promise<PaymentEvent> => {
    const intentId =
      typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
    const customerRef = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    if (!intentId || !customerRef) return { type: 'ignored' };
    const intent = await stripe.setupIntents.retrieve(intentId, { expand: ['payment_method'] });
    const method = intent.payment_method;
    if (intent.status !== 'succeeded' || !method || typeof method === 'string') return { type: 'ignored' };
    return {
      type: 'setup.completed',
      setupId,
      providerRef: session.id,
      customerRef,
      methodRef: method.id,
      card: cardOf(method),
    };
  };

  return {
    name: 'stripe',
    testMode: settings.secretKey.startsWith('sk_test_'),
    async startSetup(input) {
      const customerRef =
        input.customerRef ??
        (
          await stripe.customers.create(
            {
              name: input.organization.name,
              email: input.email,
              metadata: { organizationId: input.organization.id },
            },
            { idempotencyKey: `sinetti-customer-${input.organization.id}` },
          )
        ).id;
      const metadata = { setupId: input.setupId, organizationId: input.organization.id };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          currency: 'eur',
          customer: customerRef,
          client_reference_id: input.setupId,
          success_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          metadata,
          setup_intent_data: { metadata },
        },
        { idempotencyKey: `sinetti-setup-${input.setupId}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
      return { redirectUrl: session.url, providerRef: session.id, customerRef };
    },

    async charge(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            customer: input.customerRef,
            payment_method: input.methodRef,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { paymentId: input.paymentId, organizationId: input.organizationId },
          },
          { idempotencyKey: `sinetti-payment-${input.paymentId}` },
        );
        return resultOfIntent(intent);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          return { outcome: 'declined', providerRef: err.payment_intent?.id ?? null, message: err.message };
        }
        throw err;
      }
    },

    async findCharge(lookup) {
      if (lookup.providerRef) return resultOfIntent(await stripe.paymentIntents.retrieve(lookup.providerRef));
      if (!lookup.customerRef) return null;
      // Listing is strongly consistent (search is not): the customer's intents since shortly before the
      // payment was recorded, matched by the payment id in their metadata.
      const since = Math.floor(lookup.createdAt.getTime() / 1000) - 600;
      for await (const intent of stripe.paymentIntents.list({
        customer: lookup.customerRef,
        created: { gte: since },
        limit: 100,
      })) {
        if (intent.metadata?.paymentId === lookup.paymentId) return resultOfIntent(intent);
      }
      return null;
    },

    async checkSetup(setup) {
      const session = await stripe.checkout.sessions.retrieve(setup.providerRef);
      if (session.status === 'complete') return setupResult(session, setup.id);
      if (session.status === 'expired') {
        return {
          type: 'setup.failed',
          setupId: setup.id,
          providerRef: session.id,
          message: 'The Checkout page expired.',
        };
      }
      return null;
    },

    async parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (!settings.webhookSecret)
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured.');
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new WebhookSignatureError('The Stripe signature does not match.');
      }
      return eventOf(event, setupResult);
    },
  };
}

/** What a PaymentIntent came to: succeeded, still processing (pending), or anything else declined. */
function resultOfIntent(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded') return { outcome: 'succeeded', providerRef: intent.id };
  if (intent.status === 'processing') return { outcome: 'pending', providerRef: intent.id };
  const message =
    intent.last_payment_error?.message ?? 'The card could not be charged without the cardholder.';
  return { outcome: 'declined', providerRef: intent.id, message };
}
