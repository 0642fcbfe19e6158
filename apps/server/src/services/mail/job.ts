import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { NodemailerError } from 'nodemailer';
import { jobs, mailLog } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { PermanentJobError, type JobContext, type JobRecord } from '../jobs/index.ts';
import { renderMail } from './templates/index.ts';
import type { Mailer } from './transport.ts';
import { parseMailMessage, type MailMessage } from './types.ts';

export const MAIL_SEND_JOB = 'mail.send';
export const MAIL_PRUNE_JOB = 'mail.prune';
/** 8 attempts at 30 s, 1, 2, 4, 8, 16 and 30 min: about an hour before giving up. */
export const MAIL_MAX_ATTEMPTS = 8;
export const MAIL_RETRY_BASE_MS = 30_000;
const KEEP_LOG_MS = 90 * 24 * 3600_000;

/** The domain of the From address: Message-IDs are `<job-id@domain>`, unique and stable across retries. */
function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/**
 * Whether retrying cannot help: the server refused the message for good (5xx, except 503 and
 * authentication failures, which an operator fixes in the configuration while the job waits).
 */
export function isPermanentMailError(err: unknown): boolean {
  const e = err as NodemailerError;
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH') return false;
  if (typeof e.permanent === 'boolean') return e.permanent;
  return typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode !== 503;
}

function payloadOf(job: JobRecord): MailMessage {
  try {
    return parseMailMessage(job.payload);
  } catch (err) {
    throw new PermanentJobError(`Invalid mail message: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * Sends one message. Idempotent where it can be: a `mail_log` row for the job means it was sent (or
 * given up on) already. Only a crash between the server's acceptance and the row's insert sends twice;
 * the copies then share the Message-ID, which lets mail programs drop the duplicate.
 */
export async function runMailSend(job: JobRecord, c: JobContext, mailer: Mailer): Promise<void> {
  const [logged] = await c.db.select().from(mailLog).where(eq(mailLog.jobId, job.id));
  if (logged) return;
  const message = payloadOf(job);
  const rendered = renderMail(message);
  const from = c.config.mail.from;
  const messageId = `<${job.id}@${domainOf(from)}>`;
  let response: string;
  try {
    ({ response } = await mailer.send(
      {
        from,
        to: { name: message.toName?.trim() ?? '', address: message.to },
        ...rendered,
        messageId,
        lang: message.lang,
        template: message.template,
      },
      c.signal,
    ));
  } catch (err) {
    const reason = `${(err as NodemailerError).code ?? 'ERROR'}: ${(err as Error).message}`;
    if (isPermanentMailError(err)) throw new PermanentJobError(reason, { cause: err });
    throw new Error(reason, { cause: err });
  }
  await c.db
    .insert(mailLog)
    .values({
      jobId: job.id,
      recipient: message.to,
      template: message.template,
      lang: message.lang,
      status: 'sent',
      messageId,
      response: response.slice(0, 1000),
      createdAt: c.clock.now(),
    })
    .onConflictDoNothing();
  await scrubMailSecrets(c.db, job.id);
  c.log.info({ job: job.id, template: message.template, messageId }, 'mail sent');
}

/**
 * Removes what would let a reader of the job table act as the recipient (signing links, codes) from a
 * mail job's payload once it is delivered or given up on: a delivered job is never rendered again
 * (its mail_log row answers a re-run), and finished jobs stay in the table for days.
 */
export async function scrubMailSecrets(db: DbOrTx, jobId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ payload: sql`${jobs.payload} ${sql.raw(SCRUB_SQL)}` })
    .where(eq(jobs.id, jobId));
}

/** The jsonb paths removed by scrubMailSecrets (also used by the migration that scrubbed old rows). */
export const MAIL_SECRET_PATHS = ['{data,link}', '{data,certificateLink}', '{data,code}'] as const;
const SCRUB_SQL = MAIL_SECRET_PATHS.map((p) => `#- '${p}'`).join(' ');

/** The last attempt failed (or the server refused the message): log it loudly and keep a record. */
export async function mailGaveUp(job: JobRecord, error: Error, c: AppContext): Promise<void> {
  const payload = job.payload as Partial<MailMessage>;
  c.log.error({ job: job.id, template: payload.template, err: error.message }, 'mail could not be sent');
  await c.db
    .insert(mailLog)
    .values({
      jobId: job.id,
      recipient: String(payload.to ?? ''),
      template: String(payload.template ?? ''),
      lang: payload.lang === 'fi' ? 'fi' : 'en',
      status: 'failed',
      error: error.message.slice(0, 1000),
      createdAt: c.clock.now(),
    })
    .onConflictDoNothing();
  await scrubMailSecrets(c.db, job.id);
}

export async function pruneMailLog(_job: JobRecord, c: JobContext): Promise<void> {
  await c.db.delete(mailLog).where(lt(mailLog.createdAt, new Date(c.clock.now().getTime() - KEEP_LOG_MS)));
}
