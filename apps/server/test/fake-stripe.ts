import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the subset of Stripe's API that the Stripe adapter uses: customers, Checkout
 * sessions (setup mode), setup intents and off-session payment intents (created, retrieved and listed by
 * customer, as reconciliation reads them). Listens on 127.0.0.1.
 * Payment methods whose id contains `declining` are declined, `processing` stay processing.
 */
export interface FakeStripe {
  url: string;
  requests: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined }[];
  sessions: Map<string, Record<string, unknown>>;
  /** What the customer does on the Checkout page: saves a card of that kind. Returns the session. */
  completeCheckout(sessionId: string, kind?: 'visa' | 'declining' | 'processing'): Record<string, unknown>;
  /** What happens to a processing payment intent later (no webhook is sent). */
  setIntentStatus(intentId: string, status: 'succeeded' | 'requires_payment_method'): void;
  /** Answer every request with 500 while true. */
  down: boolean;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function metadataOf(body: URLSearchParams, prefix = 'metadata'): Json {
  const out: Json = {};
  for (const [key, value] of body) {
    const m = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[(\\w+)\\]$`).exec(key);
    if (m?.[1]) out[m[1]] = value;
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let counter = 0;
  const id = (prefix: string) => `${prefix}_${(++counter).toString().padStart(6, '0')}`;
  const sessions = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const methods = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const byIdempotencyKey = new Map<string, { status: number; body: Json }>();
  const requests: FakeStripe['requests'] = [];

  const handle = (method: string, path: string, body: URLSearchParams): { status: number; body: Json } => {
    if (method === 'POST' && path === '/v1/customers') {
      return {
        status: 200,
        body: { id: id('cus'), object: 'customer', email: body.get('email'), metadata: metadataOf(body) },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      const session: Json = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.get('mode'),
        status: 'open',
        currency: body.get('currency'),
        customer: body.get('customer'),
        client_reference_id: body.get('client_reference_id'),
        success_url: body.get('success_url'),
        cancel_url: body.get('cancel_url'),
        metadata: metadataOf(body),
        setup_intent: null,
        url: `https://checkout.stripe.test/c/setup/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    const session = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (method === 'GET' && session?.[1] && sessions.has(session[1]))
      return { status: 200, body: sessions.get(session[1])! };
    const intent = /^\/v1\/setup_intents\/([\w-]+)$/.exec(path);
    if (method === 'GET' && intent?.[1] && setupIntents.has(intent[1]))
      return { status: 200, body: setupIntents.get(intent[1])! };
    const pi = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (method === 'GET' && pi?.[1] && paymentIntents.has(pi[1]))
      return { status: 200, body: paymentIntents.get(pi[1])! };
    if (method === 'GET' && path === '/v1/payment_intents') {
      const since = Number(body.get('created[gte]') ?? 0);
      const data = [...paymentIntents.values()]
        .filter((p) => !body.get('customer') || p.customer === body.get('customer'))
        .filter((p) => (p.created as number) >= since)
        .reverse();
      return { status: 200, body: { object: 'list', url: path, has_more: false, data } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = body.get('payment_method') ?? '';
      const paymentIntent: Json = {
        id: id('pi'),
        created: Math.floor(Date.now() / 1000),
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        currency: body.get('currency'),
        customer: body.get('customer'),
        payment_method: pm,
        metadata: metadataOf(body),
        status: pm.includes('processing') ? 'processing' : 'succeeded',
        last_payment_error: null,
      };
      if (!methods.has(pm) || body.get('off_session') !== 'true' || body.get('confirm') !== 'true') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'No such payment_method' } },
        };
      }
      if (pm.includes('declining')) {
        const message = 'Your card has insufficient funds.';
        const declined: Json = {
          ...paymentIntent,
          status: 'requires_payment_method',
          last_payment_error: { type: 'card_error', code: 'card_declined', message },
        };
        paymentIntents.set(declined.id as string, declined);
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message,
              payment_intent: declined,
            },
          },
        };
      }
      paymentIntents.set(paymentIntent.id as string, paymentIntent);
      return { status: 200, body: paymentIntent };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `No route ${method} ${path}` } },
    };
  };

  const fake: FakeStripe = {
    url: '',
    requests,
    sessions,
    down: false,
    completeCheckout(sessionId, kind = 'visa') {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const last4 = { visa: '4242', declining: '0341', processing: '1118' }[kind];
      const pm: Json = {
        id: id(`pm_${kind}`),
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4, exp_month: 4, exp_year: 2031 },
      };
      methods.set(pm.id as string, pm);
      const seti: Json = { id: id('seti'), object: 'setup_intent', status: 'succeeded', payment_method: pm };
      setupIntents.set(seti.id as string, seti);
      Object.assign(session, { status: 'complete', setup_intent: seti.id });
      return session;
    },
    setIntentStatus(intentId, status) {
      const intent = paymentIntents.get(intentId);
      if (!intent) throw new Error(`no payment intent ${intentId}`);
      intent.status = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = new URLSearchParams(req.method === 'GET' ? url.search : raw);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey });
      let answer: { status: number; body: Json };
      if (fake.down) answer = { status: 500, body: { error: { type: 'api_error', message: 'down' } } };
      else if (idempotencyKey && byIdempotencyKey.has(idempotencyKey))
        answer = byIdempotencyKey.get(idempotencyKey)!;
      else {
        answer = handle(req.method ?? '', url.pathname, body);
        if (idempotencyKey && req.method === 'POST') byIdempotencyKey.set(idempotencyKey, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
