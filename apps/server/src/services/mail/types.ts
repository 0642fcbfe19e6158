import { z } from 'zod';

export const MAIL_TEMPLATES = [
  'signing-request',
  'signing-code',
  'signing-cancelled',
  'signing-failed',
  'signing-completed',
  'organization-invite',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

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
  'signing-failed': { documentName: string };
  'signing-completed': { documentName: string; link: string; certificateLink?: string };
  'organization-invite': { organizationName: string; inviterName: string; link: string };
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
  'signing-failed': z.object({ documentName: name }),
  'signing-completed': z.object({ documentName: name, link, certificateLink: link.optional() }),
  'organization-invite': z.object({ organizationName: name, inviterName: name, link }),
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
  variant('signing-failed'),
  variant('signing-completed'),
  variant('organization-invite'),
]);

export function parseMailMessage(value: unknown): MailMessage {
  return mailMessageSchema.parse(value);
}
