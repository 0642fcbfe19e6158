import path from 'node:path';
import { z } from 'zod';
import { envFlag, envText } from '../../lib/env.ts';

/** Environment variables of e-mail (docs/configuration.md). */
export const mailEnvShape = {
  SMTP_URL: envText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: envText,
  DEV_MAILBOX_IN_PRODUCTION: envFlag(),
  /** Outgoing e-mails one organization may cause per hour (signing requests, cancellations, codes, invitations). */
  MAIL_LIMIT_PER_ORGANIZATION: z.coerce.number().int().min(1).default(200),
  /** E-mails one address may receive from this service per hour, whichever organization causes them. */
  MAIL_LIMIT_PER_RECIPIENT: z.coerce.number().int().min(1).default(20),
  /** Where "Send feedback" e-mails go (the form in the app); unset: no form. */
  FEEDBACK_EMAIL: envText.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
  /** The operator's own feedback page, opened instead of the form when set. */
  FEEDBACK_URL: envText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  /** Feedback messages one account may send per hour. */
  FEEDBACK_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
};

type MailEnv = z.infer<z.ZodObject<typeof mailEnvShape>> & { DATA_DIR: string; NODE_ENV: string };

export type MailTransportConfig =
  /** `url` holds the credentials: never log it. */
  | { kind: 'smtp'; url: string }
  /** The development mailbox: messages kept under `dir`, or in memory when `dir` is null (`DATA_DIR=memory://`). */
  | { kind: 'mailbox'; dir: string | null };

export interface MailConfig {
  transport: MailTransportConfig;
  /** The From header, e.g. `Sinetti <no-reply@example.com>`. */
  from: string;
  /** Hourly limits of services/mail/limits.ts. */
  limits: { perOrganization: number; perRecipient: number; windowMs: number };
  /** "Send feedback": the operator's address (the form) or page (a link); both null: not offered. */
  feedback: { email: string | null; url: string | null; perAccountPerHour: number };
}

/** Takes `Name <address>` or a bare address; anything else is refused. */
const FROM_PATTERN = /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;

export function mailConfigFrom(
  e: MailEnv,
  publicUrl: string,
  configError: (message: string) => Error,
): MailConfig {
  const host = URL.canParse(publicUrl) ? new URL(publicUrl).hostname : 'localhost';
  const from = e.MAIL_FROM ?? `Sinetti <no-reply@${host || 'localhost'}>`;
  if (!FROM_PATTERN.test(from)) {
    throw configError('MAIL_FROM must be an e-mail address, optionally with a name: "Name <address>".');
  }
  const limits = {
    perOrganization: e.MAIL_LIMIT_PER_ORGANIZATION,
    perRecipient: e.MAIL_LIMIT_PER_RECIPIENT,
    windowMs: 3600_000,
  };
  const feedback = {
    email: e.FEEDBACK_EMAIL ?? null,
    url: e.FEEDBACK_URL ?? null,
    perAccountPerHour: e.FEEDBACK_LIMIT_PER_ACCOUNT,
  };
  if (e.SMTP_URL) return { transport: { kind: 'smtp', url: e.SMTP_URL }, from, limits, feedback };
  if (e.NODE_ENV === 'production' && !e.DEV_MAILBOX_IN_PRODUCTION) {
    throw configError(
      'NODE_ENV=production needs SMTP_URL: without it e-mail would only reach the development mailbox, ' +
        'which anyone can read at /dev/mail. Set SMTP_URL, or DEV_MAILBOX_IN_PRODUCTION=true if you really ' +
        'mean it.',
    );
  }
  const dir = e.DATA_DIR === 'memory://' ? null : path.join(path.resolve(e.DATA_DIR), 'mailbox');
  return { transport: { kind: 'mailbox', dir }, from, limits, feedback };
}
