import type { PaymentProviderName } from '@sinetti/contract';

/** A saved card as the provider describes it (never the number). */
export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export interface StartSetupInput {
  setupId: string;
  organization: { id: string; name: string };
  email: string;
  /** The organization's customer at this provider, when one exists already. */
  customerRef: string | null;
  /** Where the provider sends the browser back: the web app's card-payment return route. */
  returnUrl: string;
  cancelUrl: string;
}

export interface StartedSetup {
  redirectUrl: string;
  /** The provider's id of this setup (checked when its result arrives). */
  providerRef: string;
  customerRef: string;
}

export interface ChargeInput {
  /** Our payment id: the provider's idempotency key and the key its events come back with. */
  paymentId: string;
  organizationId: string;
  customerRef: string;
  methodRef: string;
  amountCents: number;
  currency: string;
  description: string;
}

/** What the provider is asked about a payment whose result this app never recorded (a crash, a lost reply). */
export interface ChargeLookup {
  paymentId: string;
  organizationId: string;
  /** The provider's id of the charge, when the app recorded one (e.g. a payment still processing). */
  providerRef: string | null;
  /** The organization's customer at the provider. */
  customerRef: string | null;
  createdAt: Date;
}

/** What an off-session charge came to. `pending`: the provider reports the result later (webhook). */
export type ChargeResult =
  | { outcome: 'succeeded'; providerRef: string }
  | { outcome: 'declined'; providerRef: string | null; message: string }
  | { outcome: 'pending'; providerRef: string };

/** A result the provider reported (webhook, return or its own page), already verified. */
export type PaymentEvent =
  | {
      type: 'setup.completed';
      setupId: string;
      providerRef: string;
      customerRef: string;
      methodRef: string;
      card: CardDetails;
    }
  | { type: 'setup.failed'; setupId: string; providerRef: string; message: string }
  | { type: 'payment.succeeded'; paymentId: string; providerRef: string }
  | { type: 'payment.failed'; paymentId: string; providerRef: string | null; message: string }
  | { type: 'ignored' };

/** A webhook the provider's signature check refused. */
export class WebhookSignatureError extends Error {}

/**
 * One card payment provider. Setup takes the browser to the provider's page; charges of a saved
 * method run off-session; results come back as verified events.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The sandbox: every page and reply says TEST MODE. */
  readonly testMode: boolean;
  startSetup(input: StartSetupInput): Promise<StartedSetup>;
  charge(input: ChargeInput): Promise<ChargeResult>;
  /**
   * Asks the provider what became of the charge for this payment (found by the provider's id, else by
   * our payment id, which the provider knows as idempotency key and metadata). Null: the provider never
   * received it.
   */
  findCharge(lookup: ChargeLookup): Promise<ChargeResult | null>;
  /**
   * Asks the provider how a pending setup ended (the return path, for when the webhook is late or
   * cannot reach this server). Null: not finished yet.
   */
  checkSetup(setup: { id: string; providerRef: string }): Promise<PaymentEvent | null>;
  /**
   * Verifies and reads a webhook; throws WebhookSignatureError when the signature does not hold.
   * Absent for a provider without webhooks (the sandbox applies results from its own page).
   */
  parseWebhook?(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PaymentEvent>;
}
