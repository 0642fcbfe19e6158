import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const MAIL_LOG_STATUSES = ['sent', 'failed'] as const;

/**
 * The outcome of each `mail.send` job, keyed by the job id (services/mail/). A job that runs again after
 * a crash or a lost lease finds its row and does not send a second time. Kept 90 days, then pruned.
 */
export const mailLog = pgTable(
  'mail_log',
  {
    jobId: uuid('job_id').primaryKey(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    lang: text('lang', { enum: ['en', 'fi'] }).notNull(),
    status: text('status', { enum: MAIL_LOG_STATUSES }).notNull(),
    /** The Message-ID header given to the message (derived from the job id). */
    messageId: text('message_id'),
    /** What the SMTP server answered on acceptance, or the development mailbox's message id. */
    response: text('response'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_log_created_idx').on(t.createdAt)],
);
