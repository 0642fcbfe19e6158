import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingProcesses, signingWaiters } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { findDocument } from '../../queries/documents/get-document.ts';
import { listSignees, lockProcess, openSessionsOf } from '../../queries/signing/signees.ts';
import type { JobRegistry } from '../../services/jobs/index.ts';
import { reserveMailQuota } from '../../services/mail/limits.ts';
import { issueSigneeLink, links } from './common.ts';
import { mailAndRecord, signeeRecipients } from './round-mail.ts';

export const LOCK_WAITERS_JOB = 'signing.lock-waiters';
/** How often freed rounds are looked for: a waiting signee hears within about a minute. */
export const LOCK_WAITERS_INTERVAL_MS = 60_000;
/**
 * At most one "your turn" e-mail per signee per round in this time: two links of one round could
 * otherwise lock, look and leave in a loop and spend the organization's mail quota.
 */
export const WAITER_MAIL_INTERVAL_MS = 60 * 60_000;

/**
 * Records that this signee found the round locked: they get one e-mail when it frees up. A signee
 * already waiting stays as they are; one already told waits again (one e-mail per time they find it
 * locked), but not within WAITER_MAIL_INTERVAL_MS of the last e-mail.
 */
export async function addWaiter(db: DbOrTx, processId: string, signeeId: string, now: Date): Promise<void> {
  await db
    .insert(signingWaiters)
    .values({ processId, signeeId, since: now })
    .onConflictDoUpdate({
      target: [signingWaiters.processId, signingWaiters.signeeId],
      set: { since: now, notifiedAt: null },
      setWhere: and(
        isNotNull(signingWaiters.notifiedAt),
        lt(signingWaiters.notifiedAt, new Date(now.getTime() - WAITER_MAIL_INTERVAL_MS)),
      ),
    });
}

/**
 * E-mails the waiting signees of one round if nobody holds it now, each once (with a fresh link to the
 * start page), under the round's lock. A waiter who has got in or signed meanwhile is marked without
 * an e-mail. Returns how many were e-mailed.
 */
export async function notifyWaiters(c: AppContext, processId: string): Promise<number> {
  return c.db.transaction(async (tx) => {
    const process = await lockProcess(tx, processId);
    if (!process) return 0;
    const waiting = await tx
      .select()
      .from(signingWaiters)
      .where(and(eq(signingWaiters.processId, processId), isNull(signingWaiters.notifiedAt)));
    if (waiting.length === 0) return 0;
    const now = c.clock.now();
    const holders = new Set((await openSessionsOf(tx, processId, now)).map((s) => s.signeeId));
    const list = await listSignees(tx, process.documentId);
    const pending = new Set(list.filter((s) => s.status !== 'signed').map((s) => s.id));
    const over = process.state !== 'signing';
    const done = waiting.filter((w) => over || holders.has(w.signeeId) || !pending.has(w.signeeId));
    const due = over || holders.size > 0 ? [] : waiting.filter((w) => pending.has(w.signeeId));
    const told = [...done, ...due].map((w) => w.signeeId);
    if (told.length > 0) {
      await tx
        .update(signingWaiters)
        .set({ notifiedAt: now })
        .where(and(eq(signingWaiters.processId, processId), inArray(signingWaiters.signeeId, told)));
    }
    if (due.length === 0) return 0;
    const doc = await findDocument(tx, process.documentId);
    if (!doc) return 0;
    const recipients = list.filter((s) => due.some((w) => w.signeeId === s.id));
    // Counted, not refused: each waiter gets at most one per time they found the round locked.
    await reserveMailQuota(tx, c.clock, c.config.mail, {
      organizationId: process.organizationId,
      recipients: recipients.map((s) => s.email),
      enforce: false,
    });
    const place = {
      organizationId: process.organizationId,
      documentId: process.documentId,
      processId,
      at: now,
    };
    for (const to of await signeeRecipients(tx, process, recipients)) {
      const token = await issueSigneeLink(tx, { signeeId: to.signeeId, processId, kind: 'request' });
      await mailAndRecord(tx, c.clock, place, to, 'signing-unlocked', {
        documentName: doc.name,
        link: links.sign(c, token),
      });
    }
    return recipients.length;
  });
}

/** Rounds with someone waiting, each checked in its own transaction. */
export async function notifyFreedWaiters(c: AppContext): Promise<number> {
  const rounds = await c.db
    .selectDistinct({ processId: signingWaiters.processId })
    .from(signingWaiters)
    .innerJoin(signingProcesses, eq(signingProcesses.id, signingWaiters.processId))
    .where(and(isNull(signingWaiters.notifiedAt), sql`${signingProcesses.state} = 'signing'`))
    .limit(500);
  let sent = 0;
  for (const r of rounds) sent += await notifyWaiters(c, r.processId);
  return sent;
}

export function registerLockWaiterJobs(registry: JobRegistry): void {
  registry.registerPeriodic(LOCK_WAITERS_JOB, LOCK_WAITERS_INTERVAL_MS, async (_job, c) => {
    await notifyFreedWaiters(c);
  });
}
