import { type P } from '@sinetti/contract';
import type { OrganizationActor } from '../../http/actor.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { listSignees, openProcessOf } from '../../queries/signing/signees.ts';
import { reserveMailQuota } from '../../services/mail/limits.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { memberActor } from './common.ts';
import { remindableAt, sendReminders } from './reminders.ts';
import { namesOf, notYourTurnError, onTurn, signBefore } from './order.ts';

/**
 * The sender reminds one signee (signeeId) or every signee who has not signed. Each signee is reminded at
 * most once per SIGNING_REMIND_INTERVAL_MS (by anyone, automatic reminders included): reminding all skips
 * those reminded lately, and when nobody is due the answer is 429 REMIND_TOO_SOON with when it is possible
 * again. The e-mails count against the organization's mail quota like a send.
 */
export async function remindSignees(
  ctx: AppContext,
  actor: OrganizationActor,
  authorized: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  signeeId: string | undefined,
): Promise<{ reminded: string[]; nextReminderAt: Date }> {
  return ctx.db.transaction(async (tx) => {
    const doc = await relock(tx, authorized);
    const process = await openProcessOf(tx, doc.id, true);
    if (!process || process.state !== 'signing') {
      throw new AppError('CONFLICT', 'Only a document that is out for signing can be reminded of.').because(
        'NOT_SIGNING',
      );
    }
    const list = await listSignees(tx, doc.id);
    const chosen = signeeId === undefined ? list : list.filter((s) => s.id === signeeId);
    if (chosen.length === 0) throw new AppError('NOT_FOUND', 'Not found.');
    // Signing order: only the group whose turn it is is reminded; a later one has not been asked yet.
    const turn = new Set(onTurn(list).map((s) => s.id));
    const unsigned = chosen.filter((s) => s.status !== 'signed' && turn.has(s.id));
    const early = chosen.find((s) => s.status !== 'signed' && !turn.has(s.id));
    if (unsigned.length === 0 && early) throw notYourTurnError(namesOf(signBefore(list, early)));
    if (unsigned.length === 0) {
      throw new AppError('CONFLICT', 'Nobody to remind: they have signed.').because('NOTHING_TO_REMIND');
    }
    const now = ctx.clock.now();
    const due = unsigned.filter((s) => remindableAt(s) <= now);
    if (due.length === 0) {
      const retryAt = new Date(Math.min(...unsigned.map((s) => remindableAt(s).getTime())));
      const seconds = Math.ceil((retryAt.getTime() - now.getTime()) / 1000);
      throw new AppError('RATE_LIMITED', 'Reminded a short while ago. Try again later.', undefined, {
        'retry-after': String(seconds),
      }).because('REMIND_TOO_SOON', { retryAt: retryAt.toISOString(), retryAfterSeconds: seconds });
    }
    await reserveMailQuota(tx, ctx.clock, ctx.config.mail, {
      organizationId: doc.organizationId,
      recipients: due.map((s) => s.email),
    });
    await sendReminders(tx, ctx, { doc, process }, due, { actor: memberActor(actor), automatic: false });
    return { reminded: due.map((s) => s.id), nextReminderAt: remindableAt({ remindedAt: now }) };
  });
}
