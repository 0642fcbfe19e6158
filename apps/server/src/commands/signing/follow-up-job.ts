import { and, asc, eq, lte } from 'drizzle-orm';
import { onTurn } from './order.ts';
import { signingProcesses } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findDocument } from '../../queries/documents/get-document.ts';
import { listSignees, lockProcess } from '../../queries/signing/signees.ts';
import type { JobRegistry } from '../../services/jobs/index.ts';
import { reserveMailQuota } from '../../services/mail/limits.ts';
import { systemAudit } from '../audit.ts';
import { appendSigningEvent, systemActor } from './audit-chain.ts';
import { endRoundWithRefund } from './end-round.ts';
import { noticeRoundEnded } from './round-ended-notice.ts';
import { accountContact } from './people.ts';
import { remindableAt, sendReminders } from './reminders.ts';

export const FOLLOW_UP_JOB = 'signing.follow-up';
/** How often rounds are checked for expiry and due reminders (an expiry lands within this of its time). */
export const FOLLOW_UP_INTERVAL_MS = 10 * 60_000;
/** At most this many rounds of each kind per run; the next run takes the rest. */
export const FOLLOW_UP_BATCH = 50;
/** An automatic reminder refused by the mail quota is tried again this much later. */
const QUOTA_RETRY_MS = 3600_000;
const DAY_MS = 24 * 3600_000;

type FollowUpContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>;

/** Rounds still signing whose `column` time has come, oldest first. */
async function dueRounds(c: FollowUpContext, column: 'expiresAt' | 'nextReminderAt', now: Date) {
  const rows = await c.db
    .select({ id: signingProcesses.id })
    .from(signingProcesses)
    .where(and(eq(signingProcesses.state, 'signing'), lte(signingProcesses[column], now)))
    .orderBy(asc(signingProcesses[column]))
    .limit(FOLLOW_UP_BATCH);
  return rows.map((r) => r.id);
}

/**
 * Ends one round that passed its expiry, as a cancel does (refunds, every signee e-mailed), recorded as
 * `round.expired`. Under the document's and the round's row locks, re-checked: a round that was signed,
 * cancelled or expired by another runner meanwhile is left alone (false), so it is refunded exactly once.
 */
export async function expireRound(c: FollowUpContext, processId: string): Promise<boolean> {
  const known = await c.db
    .select({ documentId: signingProcesses.documentId })
    .from(signingProcesses)
    .where(eq(signingProcesses.id, processId))
    .limit(1);
  if (!known[0]) return false;
  const documentId = known[0].documentId;
  return c.db.transaction(async (tx) => {
    const doc = await findDocument(tx, documentId, 'update');
    const process = await lockProcess(tx, processId);
    const now = c.clock.now();
    if (!doc || !process || process.state !== 'signing' || !process.expiresAt || process.expiresAt > now) {
      return false;
    }
    const ended = await endRoundWithRefund(tx, {
      documentId: doc.id,
      organizationId: doc.organizationId,
      process,
      now,
      audit: systemAudit,
    });
    const base = { organizationId: doc.organizationId, documentId: doc.id, processId: process.id, at: now };
    await appendSigningEvent(tx, {
      ...base,
      type: 'round.expired',
      actor: systemActor,
      data: {
        round: process.round,
        expiresAt: process.expiresAt.toISOString(),
        signaturesDiscarded: ended.signaturesDiscarded,
        refunded: ended.refunded,
        refundedSignees: ended.refundedSignees,
        refundWithheld: ended.refundWithheld,
      },
    });
    const sender = (await accountContact(tx, process.sentBy))?.name ?? doc.name;
    await noticeRoundEnded(tx, c, {
      doc,
      process,
      signees: await listSignees(tx, doc.id),
      template: 'signing-expired',
      senderName: sender,
      now,
    });
    await tx
      .update(signingProcesses)
      .set({ endReason: 'expired' })
      .where(eq(signingProcesses.id, process.id));
    return true;
  });
}

/**
 * Sends one round's due automatic reminder to the signees who have not signed and were not reminded lately,
 * then schedules the next (none past the expiry). Within the mail quota: when it is full the reminder waits
 * an hour. Locked and re-checked like expireRound, so two runners remind once.
 */
export async function remindRound(c: FollowUpContext, processId: string): Promise<number> {
  return c.db.transaction(async (tx) => {
    const process = await lockProcess(tx, processId);
    const now = c.clock.now();
    if (!process || process.state !== 'signing' || !process.nextReminderAt || process.nextReminderAt > now) {
      return 0;
    }
    const doc = await findDocument(tx, process.documentId);
    // Signing order: only the group whose turn it is (the later ones have not been asked yet).
    const due = onTurn(await listSignees(tx, process.documentId)).filter((s) => remindableAt(s) <= now);
    let next: Date | null = new Date(now.getTime() + (process.reminderDays ?? 0) * DAY_MS);
    try {
      await tx.transaction(async (quota) =>
        reserveMailQuota(quota, c.clock, c.config.mail, {
          organizationId: process.organizationId,
          recipients: due.map((s) => s.email),
        }),
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'RATE_LIMITED') throw err;
      c.log.warn({ processId }, 'signing: automatic reminder postponed, the mail quota is full');
      await tx
        .update(signingProcesses)
        .set({ nextReminderAt: new Date(now.getTime() + QUOTA_RETRY_MS) })
        .where(eq(signingProcesses.id, process.id));
      return 0;
    }
    if (doc) await sendReminders(tx, c, { doc, process }, due, { actor: systemActor, automatic: true });
    if (!process.reminderDays || (process.expiresAt && next >= process.expiresAt)) next = null;
    await tx
      .update(signingProcesses)
      .set({ nextReminderAt: next })
      .where(eq(signingProcesses.id, process.id));
    return due.length;
  });
}

/** One run: expire rounds past their expiry, then send due automatic reminders (each round on its own). */
export async function runFollowUp(c: FollowUpContext): Promise<{ expired: number; reminded: number }> {
  const now = c.clock.now();
  let expired = 0;
  let reminded = 0;
  for (const id of await dueRounds(c, 'expiresAt', now)) if (await expireRound(c, id)) expired += 1;
  for (const id of await dueRounds(c, 'nextReminderAt', now)) reminded += await remindRound(c, id);
  if (expired + reminded > 0) c.log.info({ expired, reminded }, 'signing: follow-up run');
  return { expired, reminded };
}

export function registerFollowUpJob(registry: JobRegistry): void {
  registry.registerPeriodic(FOLLOW_UP_JOB, FOLLOW_UP_INTERVAL_MS, async (_job, c) => {
    await runFollowUp(c);
  });
}
