import { PAYMENT_RETURN_PATH } from '@sinetti/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { applyPaymentEvent } from '../../../commands/billing/payment-setup.ts';
import { getOrganization } from '../../../commands/create-organization.ts';
import { hitRateLimit } from '../../../http/rate-limit.ts';
import { AppError } from '../../../lib/errors.ts';
import { customerRefOf, type PaymentSetupRow } from '../../../queries/billing-payments.ts';
import { checkCardForm } from './cards.ts';
import {
  confirmPage,
  SANDBOX_STYLESHEET,
  SANDBOX_STYLESHEET_PATH,
  sandboxMessagePage,
  setupPage,
} from './pages.ts';
import { SANDBOX_PATH } from './provider.ts';
import {
  getSandboxCard,
  markConfirming,
  openSandboxSetup,
  saveSandboxCard,
  type SandboxCardRow,
} from './store.ts';

type Req = FastifyRequest<{ Params: { id: string } }>;

const cardForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(20).default(''),
  cvc: z.string().max(10).default(''),
  action: z.enum(['save', 'cancel']).default('save'),
});
const confirmForm = z.object({ action: z.enum(['confirm', 'fail']) });

const GONE = 'This card setup has expired or was already finished. Go back to Sinetti and start again.';

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * The sandbox provider's own pages: the card form, the extra confirmation step of the 3-D Secure test
 * card, and the return to the web app's card-payment route. Form posts are rate limited per address.
 */
export function registerSandboxPages(app: FastifyInstance): void {
  const { db, clock, config } = app.ctx;
  const back = (message: string) => `${config.publicUrl}${PAYMENT_RETURN_PATH}/sandbox/${message}`;

  const limited = async (req: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    try {
      const limit = { name: 'sandbox-pay', max: config.payments.rateLimitPerMinute, windowMs: 60_000 };
      await hitRateLimit(db, clock, limit, req.ip);
      return false;
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'RATE_LIMITED') throw err;
      reply.headers(err.headers ?? {});
      html(
        reply,
        429,
        sandboxMessagePage('Too many attempts', 'Too many attempts. Wait a minute and try again.'),
      );
      return true;
    }
  };

  const complete = async (setup: PaymentSetupRow, card: SandboxCardRow) => {
    const customerRef = (await customerRefOf(db, setup.organizationId, 'sandbox')) ?? `sbx_cus_${setup.id}`;
    const { brand, last4, expMonth, expYear } = card;
    await applyPaymentEvent(
      db,
      {
        type: 'setup.completed',
        setupId: setup.id,
        providerRef: setup.providerRef ?? '',
        customerRef,
        methodRef: card.id,
        card: { brand, last4, expMonth, expYear },
      },
      clock.now(),
    );
  };
  const fail = (setup: PaymentSetupRow, message: string) =>
    applyPaymentEvent(
      db,
      { type: 'setup.failed', setupId: setup.id, providerRef: setup.providerRef ?? '', message },
      clock.now(),
    );

  const formPage = async (
    setup: PaymentSetupRow,
    extra: Omit<Parameters<typeof setupPage>[0], 'setupId' | 'organizationName'> = {},
  ) => {
    const organization = await getOrganization(db, setup.organizationId);
    return setupPage({
      setupId: setup.id,
      organizationName: organization?.name ?? 'your organization',
      ...extra,
    });
  };

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('x-payment-mode', 'TEST MODE');
    });

    scope.get(SANDBOX_STYLESHEET_PATH, async (_req, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(SANDBOX_STYLESHEET),
    );

    scope.get(`${SANDBOX_PATH}/setup/:id`, async (req: Req, reply) => {
      const setup = await openSandboxSetup(db, req.params.id, clock.now());
      if (!setup) return html(reply, 404, sandboxMessagePage('Card setup not found', GONE));
      const pending =
        setup.state === 'confirming' && setup.pendingRef ? await getSandboxCard(db, setup.pendingRef) : null;
      if (pending) return html(reply, 200, confirmPage(setup.id, pending.last4));
      return html(reply, 200, await formPage(setup));
    });

    scope.post(`${SANDBOX_PATH}/setup/:id`, async (req: Req, reply) => {
      if (await limited(req, reply)) return reply;
      const setup = await openSandboxSetup(db, req.params.id, clock.now());
      if (!setup || setup.state !== 'pending')
        return html(reply, 404, sandboxMessagePage('Card setup not found', GONE));
      const parsed = cardForm.safeParse(req.body ?? {});
      if (!parsed.success) {
        const error = { field: 'number' as const, message: 'The form could not be read. Fill it in again.' };
        return html(reply, 400, await formPage(setup, { error }));
      }
      const form = parsed.data;
      if (form.action === 'cancel') {
        await fail(setup, 'The card setup was cancelled.');
        return reply.redirect(back('cancelled'), 303);
      }
      const check = checkCardForm(form, clock.now());
      if (!check.ok) {
        const values = { number: form.number, expiry: form.expiry };
        return html(reply, 400, await formPage(setup, { values, error: check }));
      }
      const card = await saveSandboxCard(db, check.card, {
        expMonth: check.expMonth,
        expYear: check.expYear,
      });
      if (check.card.behaviour === 'authenticate') {
        await markConfirming(db, setup.id, card.id);
        return html(reply, 200, confirmPage(setup.id, card.last4));
      }
      await complete(setup, card);
      return reply.redirect(back('saved'), 303);
    });

    scope.post(`${SANDBOX_PATH}/setup/:id/confirm`, async (req: Req, reply) => {
      if (await limited(req, reply)) return reply;
      const setup = await openSandboxSetup(db, req.params.id, clock.now());
      const card =
        setup?.state === 'confirming' && setup.pendingRef ? await getSandboxCard(db, setup.pendingRef) : null;
      if (!setup || !card) return html(reply, 404, sandboxMessagePage('Card setup not found', GONE));
      const parsed = confirmForm.safeParse(req.body ?? {});
      if (!parsed.success) return html(reply, 400, confirmPage(setup.id, card.last4));
      if (parsed.data.action === 'fail') {
        await fail(setup, 'The card issuer did not confirm the card (TEST MODE).');
        return reply.redirect(back('failed'), 303);
      }
      await complete(setup, card);
      return reply.redirect(back('saved'), 303);
    });
  });
}
