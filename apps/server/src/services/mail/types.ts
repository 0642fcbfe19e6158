import { NOTIFICATION_KIND_NAMES, type NotificationKind } from '@sinetti/contract';
import { z } from 'zod';

export const MAIL_TEMPLATES = [
  'signing-request',
  'signing-code',
  'signing-cancelled',
  'signing-reminder',
  'signing-expired',
  'signing-failed',
  'signing-declined',
  'signing-unlocked',
  'signing-completed',
  'organization-invite',
  'notification',
  'notification-digest',
  'feedback',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** Lines one digest lists; the rest are counted ("…and 12 more"). */
export const NOTIFICATION_DIGEST_MAX = 50;

export interface MailData {
  'signing-request': {
    documentName: string;
    senderName: string;
    organizationName: string;
    link: string;
    message?: string;
  };
  'signing-code': { code: string; documentName: string; minutes: number };
  'signing-cancelled': { documentName: string; senderName: string };
  'signing-reminder': {
    documentName: string;
    senderName: string;
    organizationName: string;
    link: string;
    /** The Helsinki day the round expires at the end of, as the recipient reads it. */
    expiresOn: string;
    message?: string;
  };
  'signing-expired': { documentName: string; senderName: string };
  'signing-failed': { documentName: string };
  'signing-declined': { documentName: string; signeeName: string; reason: string };
  'signing-unlocked': { documentName: string; link: string };
  'signing-completed': { documentName: string; link: string; certificateLink?: string };
  'organization-invite': { organizationName: string; inviterName: string; link: string };
  /** One notification (issue 14 item 2) to a member who wants its kind by e-mail, one at a time. */
  notification: { item: NotifiedItem; link: string };
  /** The day's notifications in one message, for a member who chose the daily digest. */
  'notification-digest': { items: NotifiedItem[]; more: number; link: string };
  /** To the operator (FEEDBACK_EMAIL): what a member wrote in "Send feedback", with where they were. */
  feedback: { fromName: string; fromEmail: string; page: string; version: string; message: string };
}

/** What a notification e-mail tells, with every value already written for its reader. */
export interface NotifiedItem {
  kind: NotificationKind;
  organizationName: string;
  documentName?: string;
  signeeName?: string;
  roleName?: string;
  /** balance-low: the amount, formatted in the message's language. */
  balance?: string;
  /** Digest lines: when it happened, Helsinki time, formatted. */
  at?: string;
}

export interface MailMessage<T extends MailTemplate = MailTemplate> {
  to: string;
  toName?: string;
  lang: 'en' | 'fi';
  template: T;
  data: MailData[T];
}

// Generous limits: the caller has validated its input; a message is refused only when it could not be sent.
const name = z.string().trim().min(1).max(1000);
/** Links go into href attributes: only absolute http(s) URLs. */
const link = z.url({ protocol: /^https?$/ }).max(2000);

const text = z.string().max(1000).optional();
const notifiedItem = z.object({
  kind: z.enum(NOTIFICATION_KIND_NAMES),
  organizationName: name,
  documentName: text,
  signeeName: text,
  roleName: text,
  balance: text,
  at: text,
});

const dataSchemas = {
  'signing-request': z.object({
    documentName: name,
    senderName: name,
    organizationName: name,
    link,
    message: z.string().max(20_000).optional(),
  }),
  'signing-code': z.object({
    code: z.string().regex(/^[0-9A-Za-z-]{4,12}$/),
    documentName: name,
    minutes: z.number().int().min(1).max(10_000),
  }),
  'signing-cancelled': z.object({ documentName: name, senderName: name }),
  'signing-reminder': z.object({
    documentName: name,
    senderName: name,
    organizationName: name,
    link,
    expiresOn: name,
    message: z.string().max(20_000).optional(),
  }),
  'signing-expired': z.object({ documentName: name, senderName: name }),
  'signing-failed': z.object({ documentName: name }),
  'signing-declined': z.object({ documentName: name, signeeName: name, reason: name }),
  'signing-unlocked': z.object({ documentName: name, link }),
  'signing-completed': z.object({ documentName: name, link, certificateLink: link.optional() }),
  'organization-invite': z.object({ organizationName: name, inviterName: name, link }),
  notification: z.object({ item: notifiedItem, link }),
  'notification-digest': z.object({
    items: z.array(notifiedItem).min(1).max(NOTIFICATION_DIGEST_MAX),
    more: z.number().int().min(0),
    link,
  }),
  feedback: z.object({
    fromName: name,
    fromEmail: z.string().max(320),
    page: z.string().max(300),
    version: name,
    message: z.string().max(20_000),
  }),
} satisfies { [T in MailTemplate]: z.ZodType<MailData[T]> };

const base = {
  // One address (no list, no display name): lenient on the domain, as accounts may come from any provider.
  to: z
    .string()
    .trim()
    .max(320)
    .regex(/^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/),
  toName: z.string().trim().max(1000).optional(),
  lang: z.enum(['en', 'fi']),
};

const variant = <T extends MailTemplate>(template: T) =>
  z.object({ ...base, template: z.literal(template), data: dataSchemas[template] });

/** A message as stored in a `mail.send` job's payload; checked when enqueued and again when sent. */
export const mailMessageSchema = z.discriminatedUnion('template', [
  variant('signing-request'),
  variant('signing-code'),
  variant('signing-cancelled'),
  variant('signing-reminder'),
  variant('signing-expired'),
  variant('signing-failed'),
  variant('signing-declined'),
  variant('signing-unlocked'),
  variant('signing-completed'),
  variant('organization-invite'),
  variant('notification'),
  variant('notification-digest'),
  variant('feedback'),
]);

export function parseMailMessage(value: unknown): MailMessage {
  return mailMessageSchema.parse(value);
}
