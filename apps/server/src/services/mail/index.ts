import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueJob } from '../jobs/index.ts';
import {
  MAIL_MAX_ATTEMPTS,
  MAIL_PRUNE_JOB,
  MAIL_RETRY_BASE_MS,
  MAIL_SEND_JOB,
  mailGaveUp,
  pruneMailLog,
  runMailSend,
} from './job.ts';
import type { DevMailbox } from './mailbox.ts';
import { createMailer } from './transport.ts';
import { mailMessageSchema, type MailMessage, type MailTemplate } from './types.ts';

export type { MailData, MailMessage, MailTemplate, NotifiedItem } from './types.ts';
export { NOTIFICATION_DIGEST_MAX } from './types.ts';
export type { DevMailbox, StoredMail } from './mailbox.ts';
export { MAIL_SEND_JOB } from './job.ts';

export interface MailService {
  /** The development mailbox when mail is not sent (no SMTP_URL); null with SMTP. */
  mailbox: DevMailbox | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/**
 * Enqueues a durable 'mail.send' job inside the caller's transaction (outbox): the message goes out
 * exactly when the change it tells about is committed. The message is checked here (a bad address or
 * a non-http link throws, rolling the caller back) and rendered in its language when sent.
 */
export async function enqueueMail<T extends MailTemplate>(
  tx: DbOrTx,
  clock: Clock,
  message: MailMessage<T>,
  /** The organization the message is sent for: its mail takes turns with other organizations' jobs. */
  tenant?: string,
): Promise<void> {
  const payload = mailMessageSchema.parse(message);
  await enqueueJob(tx, MAIL_SEND_JOB, payload, {
    runAt: clock.now(),
    maxAttempts: MAIL_MAX_ATTEMPTS,
    tenant,
  });
}

/** Registers the mail job handler on the app's job registry; called once from app start-up. */
export function registerMail(app: FastifyInstance): void {
  const { config, clock, log } = app.ctx;
  const mailer = createMailer(config.mail, clock);
  app.decorate('mail', { mailbox: mailer.mailbox });
  app.jobs.registry.register(MAIL_SEND_JOB, (job, c) => runMailSend(job, c, mailer), {
    // A verification code or a signing request is awaited by a person: never behind a long conversion.
    urgent: true,
    baseDelayMs: MAIL_RETRY_BASE_MS,
    maxDelayMs: 30 * 60_000,
    onGiveUp: mailGaveUp,
  });
  app.jobs.registry.registerPeriodic(MAIL_PRUNE_JOB, 24 * 3600_000, pruneMailLog);
  app.addHook('onClose', async () => mailer.close());
  if (mailer.mailbox && config.env === 'production') {
    log.warn(
      'DEV_MAILBOX_IN_PRODUCTION=true: e-mail is NOT sent. Every message, signing links included, is ' +
        'readable by anyone at /dev/mail. Set SMTP_URL.',
    );
  }
}
