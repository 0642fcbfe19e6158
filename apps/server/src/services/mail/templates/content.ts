import { en, type MailTexts } from '../../../i18n/mail/en.ts';
import { fi } from '../../../i18n/mail/fi.ts';
import type { MailData, MailMessage, MailTemplate, NotifiedItem } from '../types.ts';

/** What a message says, independent of its format: rendered to the plain-text and the HTML part. */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; label: string; text: string }
  | { kind: 'code'; text: string }
  /** The message's main link: a button in HTML, with the address visible under it. */
  | { kind: 'action'; label: string; url: string }
  | { kind: 'link'; label: string; url: string };

export interface MailContent {
  lang: 'en' | 'fi';
  subject: string;
  blocks: Block[];
  linkFallback: string;
  footer: string;
}

export const MAIL_TEXTS: Record<'en' | 'fi', MailTexts> = { en, fi };

/** Fills `{name}` placeholders in one pass (values are never scanned again); a missing value throws. */
export function fill(text: string, values: Record<string, string | number | undefined>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Mail text placeholder {${key}} has no value: ${text}`);
    return String(value);
  });
}

type Builder<T extends MailTemplate> = (t: MailTexts[T], d: MailData[T], lang: 'en' | 'fi') => Block[];

const p = (text: string): Block => ({ kind: 'paragraph', text });

/** One notification's line in the reader's language; an absent value reads as empty, never throws. */
function notifiedLine(texts: MailTexts, item: NotifiedItem): string {
  const { kind, at: _at, ...values } = item;
  return fill(texts.notificationKinds[kind], {
    documentName: '',
    signeeName: '',
    roleName: '',
    balance: '',
    ...values,
  });
}

const plural = (lang: 'en' | 'fi', count: number) =>
  new Intl.PluralRules(lang).select(count) === 'one' ? 'one' : 'other';

/** Subjects that are not one text filled from the data. */
const subjects: { [T in MailTemplate]?: (texts: MailTexts, d: MailData[T], lang: 'en' | 'fi') => string } = {
  notification: (texts, d) => notifiedLine(texts, d.item),
  'notification-digest': (texts, d, lang) => {
    const count = d.items.length + d.more;
    return fill(texts['notification-digest'].subject[plural(lang, count)], { count });
  },
};

const builders: { [T in MailTemplate]: Builder<T> } = {
  'signing-request': (t, d) => [
    p(fill(t.intro, d)),
    ...(d.message?.trim()
      ? [{ kind: 'quote', label: fill(t.messageLabel, d), text: d.message.trim() } as const]
      : []),
    { kind: 'action', label: t.action, url: d.link },
    p(t.personal),
  ],
  'signing-code': (t, d, lang) => [
    p(fill(t.intro, d)),
    { kind: 'code', text: d.code },
    p(fill(t.validity[plural(lang, d.minutes)], d)),
    p(t.warning),
  ],
  'signing-cancelled': (t, d) => [p(fill(t.intro, d)), p(t.next)],
  'signing-reminder': (t, d) => [
    p(fill(t.intro, d)),
    ...(d.message?.trim()
      ? [{ kind: 'quote', label: fill(t.messageLabel, d), text: d.message.trim() } as const]
      : []),
    p(fill(t.expires, d)),
    { kind: 'action', label: t.action, url: d.link },
    p(t.personal),
  ],
  'signing-expired': (t, d) => [p(fill(t.intro, d)), p(t.next)],
  'signing-failed': (t, d) => [p(fill(t.intro, d)), p(t.next)],
  'signing-declined': (t, d) => [
    p(fill(t.intro, d)),
    { kind: 'quote', label: t.reasonLabel, text: d.reason },
    p(t.next),
  ],
  'signing-unlocked': (t, d) => [
    p(fill(t.intro, d)),
    { kind: 'action', label: t.action, url: d.link },
    p(t.note),
  ],
  'signing-completed': (t, d) => [
    p(fill(t.intro, d)),
    { kind: 'action', label: t.action, url: d.link },
    ...(d.certificateLink ? [{ kind: 'link', label: t.certificate, url: d.certificateLink } as const] : []),
  ],
  'organization-invite': (t, d) => [p(fill(t.intro, d)), { kind: 'action', label: t.action, url: d.link }],
  notification: (t, d, lang) => [
    p(`${notifiedLine(MAIL_TEXTS[lang], d.item)}.`),
    { kind: 'action', label: t.action, url: d.link },
    p(t.settings),
  ],
  'notification-digest': (t, d, lang) => [
    p(t.intro),
    ...d.items.map((item) => p(`${item.at ? `${item.at}: ` : ''}${notifiedLine(MAIL_TEXTS[lang], item)}.`)),
    ...(d.more > 0 ? [p(fill(t.more, { count: d.more }))] : []),
    { kind: 'action', label: t.action, url: d.link },
    p(MAIL_TEXTS[lang].notification.settings),
  ],
  feedback: (t, d) => [
    p(fill(t.intro, d)),
    { kind: 'quote', label: t.messageLabel, text: d.message },
    p(fill(t.context, d)),
  ],
};

function subjectOf<T extends MailTemplate>(message: MailMessage<T>): string {
  const texts = MAIL_TEXTS[message.lang];
  const special = subjects[message.template] as
    ((texts: MailTexts, d: MailData[T], lang: 'en' | 'fi') => string) | undefined;
  if (special) return special(texts, message.data, message.lang);
  return fill(
    (texts[message.template] as { subject: string }).subject,
    message.data as Record<string, string | number | undefined>,
  );
}

/** The subject and blocks of a message in its language. */
export function mailContent<T extends MailTemplate>(message: MailMessage<T>): MailContent {
  const texts = MAIL_TEXTS[message.lang];
  const builder = builders[message.template] as Builder<T>;
  const name = message.toName?.trim();
  const greeting = name ? fill(texts.common.greeting, { name }) : texts.common.greetingNoName;
  return {
    lang: message.lang,
    // One line: a name with a line break must not start a new header.
    subject: subjectOf(message).replace(/\s+/g, ' ').trim(),
    blocks: [p(greeting), ...builder(texts[message.template], message.data, message.lang)],
    linkFallback: texts.common.linkFallback,
    footer: texts.common.footer,
  };
}
