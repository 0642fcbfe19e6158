import { and, eq, isNull } from 'drizzle-orm';
import { PAYMENT_RETURN_PATH } from '@sinetti/contract';
import type { Db } from '../../db/client.ts';
import { paymentCustomers, paymentMethods, paymentSetups } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { customerRefOf, getSetup, openSetups } from '../../queries/billing-payments.ts';
import type { PaymentEvent } from '../../services/payments/types.ts';
import { recordAudit, systemAudit, type AuditContext } from '../audit.ts';
import { lockOrganization } from './ledger.ts';
import { requireProvider, settlePayment, type BillingDeps } from './payments.ts';

const SETUP_TTL_MS = 24 * 60 * 60 * 1000;

export interface StartSetupInput {
  /** Billing is the owner's (SPEC §6): the route authorizes it. */
  owner: AuthorizedScope<'owner'>;
  /** Shown by the provider on its page. */
  organizationName: string;
  email: string;
  publicUrl: string;
  audit: AuditContext;
}

/** Opens a setup at the provider and answers the page the browser goes to. */
export async function startPaymentSetup(
  deps: BillingDeps,
  input: StartSetupInput,
): Promise<{ redirectUrl: string }> {
  const provider = requireProvider(deps.provider);
  const organization = { id: input.owner.organizationId, name: input.organizationName };
  const now = deps.clock.now();
  const [setup] = await deps.db
    .insert(paymentSetups)
    .values({
      organizationId: organization.id,
      provider: provider.name,
      createdBy: input.audit.accountId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SETUP_TTL_MS),
    })
    .returning();
  if (!setup) throw new Error('payment setup insert returned nothing');
  const back = `${input.publicUrl}${PAYMENT_RETURN_PATH}/${provider.name}`;
  try {
    const started = await provider.startSetup({
      setupId: setup.id,
      organization,
      email: input.email,
      customerRef: await customerRefOf(deps.db, organization.id, provider.name),
      returnUrl: `${back}/saved`,
      cancelUrl: `${back}/cancelled`,
    });
    await deps.db
      .update(paymentSetups)
      .set({ providerRef: started.providerRef })
      .where(eq(paymentSetups.id, setup.id));
    await deps.db
      .insert(paymentCustomers)
      .values({
        organizationId: organization.id,
        provider: provider.name,
        customerRef: started.customerRef,
      })
      .onConflictDoNothing();
    return { redirectUrl: started.redirectUrl };
  } catch (err) {
    deps.log.error({ err, setupId: setup.id }, 'the payment provider could not start a setup');
    await deps.db
      .update(paymentSetups)
      .set({ state: 'failed', message: 'The payment provider could not be reached.', settledAt: now })
      .where(eq(paymentSetups.id, setup.id));
    throw new AppError('UNAVAILABLE', 'The payment provider could not be reached. Try again shortly.');
  }
}

type SetupEvent = Extract<PaymentEvent, { type: 'setup.completed' | 'setup.failed' }>;

/** Records how a setup ended. Only an open setup whose provider id matches changes; repeats are no-ops. */
async function settleSetup(db: Db, event: SetupEvent, now: Date, audit: AuditContext): Promise<void> {
  const found = await getSetup(db, event.setupId);
  if (!found || found.providerRef !== event.providerRef) return;
  await db.transaction(async (tx) => {
    await lockOrganization(tx, found.organizationId);
    const [setup] = await tx.select().from(paymentSetups).where(eq(paymentSetups.id, found.id)).for('update');
    if (!setup || (setup.state !== 'pending' && setup.state !== 'confirming')) return;
    const organizationId = setup.organizationId;
    if (event.type === 'setup.failed') {
      await tx
        .update(paymentSetups)
        .set({ state: 'failed', message: event.message, settledAt: now })
        .where(eq(paymentSetups.id, setup.id));
      return;
    }
    await tx
      .update(paymentSetups)
      .set({ state: 'completed', settledAt: now })
      .where(eq(paymentSetups.id, setup.id));
    await tx
      .update(paymentMethods)
      .set({ removedAt: now })
      .where(and(eq(paymentMethods.organizationId, organizationId), isNull(paymentMethods.removedAt)));
    await tx.insert(paymentMethods).values({
      organizationId,
      provider: setup.provider,
      customerRef: event.customerRef,
      methodRef: event.methodRef,
      ...event.card,
      createdBy: setup.createdBy,
      createdAt: now,
    });
    await tx
      .insert(paymentCustomers)
      .values({ organizationId, provider: setup.provider, customerRef: event.customerRef })
      .onConflictDoNothing();
    await recordAudit(
      tx,
      { ...audit, accountId: audit.accountId ?? setup.createdBy },
      'payment_method.saved',
      {
        organizationId,
        subjectId: setup.id,
        data: { provider: setup.provider, brand: event.card.brand, last4: event.card.last4 },
      },
    );
  });
}

/** Applies a verified provider event (webhook, return or the sandbox page). */
export async function applyPaymentEvent(
  db: Db,
  event: PaymentEvent,
  now: Date,
  audit: AuditContext = systemAudit,
): Promise<void> {
  switch (event.type) {
    case 'setup.completed':
    case 'setup.failed':
      return settleSetup(db, event, now, audit);
    case 'payment.succeeded':
      await settlePayment(
        db,
        event.paymentId,
        { outcome: 'succeeded', providerRef: event.providerRef },
        now,
        audit,
      );
      return;
    case 'payment.failed':
      await settlePayment(
        db,
        event.paymentId,
        { outcome: 'failed', providerRef: event.providerRef, message: event.message },
        now,
        audit,
      );
      return;
    case 'ignored':
      return;
  }
}

/** Asks the provider about open setups (the return path when a webhook is late or cannot arrive). */
export async function reconcileSetups(deps: BillingDeps, organizationId: string): Promise<void> {
  const provider = deps.provider;
  if (!provider) return;
  const now = deps.clock.now();
  for (const setup of await openSetups(deps.db, organizationId, provider.name, now)) {
    try {
      const event = await provider.checkSetup({ id: setup.id, providerRef: setup.providerRef ?? '' });
      if (event) await applyPaymentEvent(deps.db, event, now);
    } catch (err) {
      deps.log.warn({ err, setupId: setup.id }, 'could not check a payment setup with the provider');
    }
  }
}
