import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_TIMEZONE,
  DIGEST_HOUR,
  helsinkiDay,
  helsinkiHour,
  notificationPath,
  type Language,
} from '@sinetti/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notifications, notificationSettings, organizations } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobRegistry } from '../../services/jobs/index.ts';
import { enqueueMail, NOTIFICATION_DIGEST_MAX, type NotifiedItem } from '../../services/mail/index.ts';
import { accountContact } from '../signing/people.ts';
import { stillConcerns } from './list.ts';
import { NOTIFICATION_MAIL_JOB } from './notify.ts';

export const NOTIFICATION_DIGEST_JOB = 'notifications.digest';
/** The digest job looks every hour; each member gets one digest a Helsinki day, from DIGEST_HOUR on. */
const DIGEST_INTERVAL_MS = 3600_000;

const locale = (lang: Language) => (lang === 'fi' ? 'fi-FI' : 'en-GB');

type Row = typeof notifications.$inferSelect;

/** One notification as its e-mail tells it, in the reader's language. */
function itemOf(n: Row, organizationName: string, lang: Language, withTime: boolean): NotifiedItem {
  const { documentName, signeeName, roleName, balance } = n.data;
  return {
    kind: n.kind,
    organizationName,
    ...(documentName ? { documentName } : {}),
    ...(signeeName ? { signeeName } : {}),
    ...(roleName ? { roleName } : {}),
    ...(balance !== undefined
      ? {
          balance: new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'EUR' }).format(
            balance / 100,
          ),
        }
      : {}),
    ...(withTime
      ? {
          at: new Intl.DateTimeFormat(locale(lang), {
            timeZone: DEFAULT_TIMEZONE,
            dateStyle: 'short',
            timeStyle: 'short',
          }).format(n.createdAt),
        }
      : {}),
  };
}

async function organizationNames(tx: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Queues the e-mail of one notification (a `notifications.mail` job). Runs once: the row moves from
 * 'queued' to 'sent' in the transaction that queues the message, so a second run finds nothing to do.
 * Nothing goes out when it no longer concerns the member (they left the organization meanwhile).
 */
export async function mailNotification(db: Db, clock: Clock, publicUrl: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [n] = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.email, 'queued')))
      .for('update');
    if (!n) return;
    await tx.update(notifications).set({ email: 'sent' }).where(eq(notifications.id, id));
    const [concerns] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, id), stillConcerns(n.accountId)));
    const to = await accountContact(tx, n.accountId);
    if (!concerns || !to) return;
    const names = await organizationNames(tx, [n.organizationId]);
    await enqueueMail(
      tx,
      clock,
      {
        to: to.email,
        toName: to.name,
        lang: to.lang,
        template: 'notification',
        data: {
          item: itemOf(n, names.get(n.organizationId) ?? '', to.lang, false),
          link: `${publicUrl}${notificationPath(n)}`,
        },
      },
      n.organizationId,
    );
  });
}

/**
 * One member's digest: everything waiting for it, in one e-mail, at most once a Helsinki day. The
 * settings row is locked, so two processes running the job at once send one digest; the rows move to
 * 'sent' in the transaction that queues it. Answers whether a digest was queued.
 */
async function sendDigest(db: Db, clock: Clock, publicUrl: string, accountId: string): Promise<boolean> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx
      .insert(notificationSettings)
      .values({ accountId, settings: DEFAULT_NOTIFICATION_SETTINGS, updatedAt: now })
      .onConflictDoNothing();
    const [settings] = await tx
      .select({ lastDigestAt: notificationSettings.lastDigestAt })
      .from(notificationSettings)
      .where(eq(notificationSettings.accountId, accountId))
      .for('update');
    if (settings?.lastDigestAt && helsinkiDay(settings.lastDigestAt) === helsinkiDay(now)) return false;
    const waiting = and(eq(notifications.accountId, accountId), eq(notifications.email, 'digest'));
    const due = await tx
      .select()
      .from(notifications)
      .where(and(waiting, stillConcerns(accountId)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
    // Those of organizations the member left are dropped with the rest.
    await tx.update(notifications).set({ email: 'sent' }).where(waiting);
    const to = await accountContact(tx, accountId);
    if (due.length === 0 || !to) return false;
    const names = await organizationNames(
      tx,
      due.map((n) => n.organizationId),
    );
    const items = due
      .slice(0, NOTIFICATION_DIGEST_MAX)
      .map((n) => itemOf(n, names.get(n.organizationId) ?? '', to.lang, true));
    await enqueueMail(tx, clock, {
      to: to.email,
      toName: to.name,
      lang: to.lang,
      template: 'notification-digest',
      data: { items, more: due.length - items.length, link: `${publicUrl}/notifications` },
    });
    await tx
      .update(notificationSettings)
      .set({ lastDigestAt: now })
      .where(eq(notificationSettings.accountId, accountId));
    return true;
  });
}

/** The daily digests due now (from DIGEST_HOUR Helsinki time); answers how many were queued. */
export async function sendDigests(db: Db, clock: Clock, publicUrl: string): Promise<number> {
  if (helsinkiHour(clock.now()) < DIGEST_HOUR) return 0;
  const waiting = await db
    .selectDistinct({ accountId: notifications.accountId })
    .from(notifications)
    .where(eq(notifications.email, 'digest'));
  let queued = 0;
  for (const { accountId } of waiting) {
    if (await sendDigest(db, clock, publicUrl, accountId)) queued += 1;
  }
  return queued;
}

export function registerNotificationJobs(registry: JobRegistry): void {
  registry.register<{ id: string }>(NOTIFICATION_MAIL_JOB, async (job, c) =>
    mailNotification(c.db, c.clock, c.config.publicUrl, job.payload.id),
  );
  registry.registerPeriodic(NOTIFICATION_DIGEST_JOB, DIGEST_INTERVAL_MS, async (_job, c) => {
    const queued = await sendDigests(c.db, c.clock, c.config.publicUrl);
    if (queued > 0) c.log.info({ queued }, 'notifications: daily digests queued');
  });
}
