import nodemailer from 'nodemailer';
import type { Clock } from '../../lib/clock.ts';
import type { MailConfig } from './config.ts';
import { createDevMailbox, type DevMailbox } from './mailbox.ts';

export interface OutgoingMail {
  from: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** With angle brackets: `<job-id@domain>`. */
  messageId: string;
  lang: 'en' | 'fi';
  template: string;
}

export interface Mailer {
  /** Resolves with what the server answered (or the mailbox id); rejects with nodemailer's error. */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<{ response: string }>;
  close(): void;
  /** The development mailbox, or null when mail goes to SMTP. */
  mailbox: DevMailbox | null;
}

function options(mail: OutgoingMail, date: Date, signal: AbortSignal | undefined) {
  return {
    from: mail.from,
    to: mail.to.name ? mail.to : mail.to.address,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date,
    headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': mail.lang },
    signal,
  };
}

/** The message builder must never read files or URLs named in a message. */
const locked = { disableFileAccess: true, disableUrlAccess: true } as const;

/** SMTP through one pool of connections (kept open between jobs), or the development mailbox. */
export function createMailer(config: MailConfig, clock: Clock): Mailer {
  if (config.transport.kind === 'smtp') {
    const transport = nodemailer.createTransport({
      url: config.transport.url,
      pool: true,
      maxConnections: 3,
      // One quick retry on a fresh connection (the server may have closed an idle pooled one);
      // anything longer is the job's backoff.
      maxRequeues: 1,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
      ...locked,
    });
    return {
      mailbox: null,
      async send(mail, signal) {
        const info = await transport.sendMail(options(mail, clock.now(), signal));
        return { response: info.response };
      },
      close: () => transport.close(),
    };
  }
  const mailbox = createDevMailbox(config.transport.dir);
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    ...locked,
  });
  return {
    mailbox,
    async send(mail, signal) {
      const now = clock.now();
      const info = await composer.sendMail(options(mail, now, signal));
      const raw = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message));
      const stored = await mailbox.add(
        {
          messageId: mail.messageId,
          from: mail.from,
          to: mail.to.address,
          toName: mail.to.name || null,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          template: mail.template,
          lang: mail.lang,
        },
        raw,
        now,
      );
      return { response: `development mailbox ${stored.id}` };
    },
    close: () => composer.close(),
  };
}
