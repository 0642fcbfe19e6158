import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/mail/en.ts';
import { fi } from '../src/i18n/mail/fi.ts';
import { mailMessageSchema } from '../src/services/mail/types.ts';
import { renderMail } from '../src/services/mail/templates/index.ts';
import { fill, MAIL_TEXTS } from '../src/services/mail/templates/content.ts';
import type { MailData, MailMessage, MailTemplate } from '../src/services/mail/index.ts';

const samples: { [T in MailTemplate]: MailData[T] } = {
  'signing-request': {
    documentName: 'Lease agreement',
    senderName: 'Liisa Sender',
    organizationName: 'Acme Oy',
    link: 'https://sinetti.example/public/sign/tok-1',
    message: 'Please sign by Friday.',
  },
  'signing-code': { code: '482913', documentName: 'Lease agreement', minutes: 10 },
  'signing-cancelled': { documentName: 'Lease agreement', senderName: 'Liisa Sender' },
  'signing-reminder': {
    documentName: 'Lease agreement',
    senderName: 'Liisa Sender',
    organizationName: 'Acme Oy',
    link: 'https://sinetti.example/public/sign/tok-5',
    expiresOn: '24.12.2026',
    message: 'Please sign by Friday.',
  },
  'signing-expired': { documentName: 'Lease agreement', senderName: 'Liisa Sender' },
  'signing-failed': { documentName: 'Lease agreement' },
  'signing-declined': {
    documentName: 'Lease agreement',
    signeeName: 'Sam Signee',
    reason: 'The rent on page 2 is wrong.',
  },
  'signing-unlocked': {
    documentName: 'Lease agreement',
    link: 'https://sinetti.example/public/sign/tok-5',
  },
  'signing-completed': {
    documentName: 'Lease agreement',
    link: 'https://sinetti.example/public/signed/tok-2',
    certificateLink: 'https://sinetti.example/public/certificate/tok-3',
  },
  'organization-invite': {
    organizationName: 'Acme Oy',
    inviterName: 'Ilkka Inviter',
    link: 'https://sinetti.example/invite/tok-4',
  },
  notification: {
    item: {
      kind: 'signee-signed',
      organizationName: 'Acme Oy',
      documentName: 'Lease agreement',
      signeeName: 'Sam Signee',
    },
    link: 'https://sinetti.example/document/42',
  },
  'notification-digest': {
    items: [
      { kind: 'balance-low', organizationName: 'Acme Oy', balance: '8,50 €', at: '26.11.2026 klo 9.12' },
      { kind: 'invitation-received', organizationName: 'Beta Ab', at: '26.11.2026 klo 9.30' },
    ],
    more: 0,
    link: 'https://sinetti.example/notifications',
  },
  feedback: {
    fromName: 'Maija Member',
    fromEmail: 'maija@example.com',
    page: '/documents',
    version: '1.2.3',
    message: 'The <b>upload</b> button is hard to find.',
  },
};
const templates = Object.keys(samples) as MailTemplate[];

const message = <T extends MailTemplate>(template: T, lang: 'en' | 'fi', data = samples[template]) =>
  ({ to: 'signee@example.com', toName: 'Sam Signee', lang, template, data }) as MailMessage;

/** Every string of a text tree, keyed by its path. */
function strings(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) for (const e of strings(v, `${prefix}.${k}`)) out.set(...e);
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('mail templates', () => {
  for (const template of templates) {
    for (const lang of ['en', 'fi'] as const) {
      it(`${template} renders in ${lang} with every placeholder filled`, () => {
        const r = renderMail(message(template, lang));
        for (const part of [r.subject, r.text, r.html]) {
          expect(part).not.toMatch(/\{\w+\}|undefined|null|NaN/);
        }
        expect(r.subject).not.toMatch(/\n/);
        const data: Record<string, unknown> = samples[template];
        for (const key of ['documentName', 'organizationName', 'code']) {
          if (typeof data[key] === 'string') expect(r.text).toContain(data[key]);
        }
        expect(r.html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${lang}">`));
        const links = Object.values(data).filter((v) => String(v).startsWith('https://'));
        for (const link of links) {
          expect(r.text.split('\n')).toContain(link);
          expect(r.html).toContain(`href="${link}"`);
        }
      });
    }
  }

  it('has the same texts and placeholders in Finnish as in English', () => {
    const english = strings(en);
    const finnish = strings(fi);
    expect([...finnish.keys()]).toEqual([...english.keys()]);
    for (const [key, text] of english) {
      expect(placeholders(finnish.get(key) ?? ''), key).toEqual(placeholders(text));
      expect(finnish.get(key), key).not.toBe(text);
    }
  });

  it('reads naturally in Finnish', () => {
    expect(renderMail(message('signing-request', 'fi')).subject).toBe('Allekirjoituspyyntö: Lease agreement');
    const code = renderMail(message('signing-code', 'fi'));
    expect(code.subject).toBe('Vahvistuskoodisi on 482913');
    expect(code.text).toContain('Koodi on voimassa 10 minuuttia.');
    const one = renderMail(message('signing-code', 'en', { ...samples['signing-code'], minutes: 1 }));
    expect(one.text).toContain('The code is valid for 1 minute.');
    expect(renderMail(message('signing-code', 'fi')).text).toMatch(/^Hei Sam Signee,\n/);
  });

  it('tells every kind of notification in both languages, alone and in a digest', () => {
    const kinds = Object.keys(en.notificationKinds) as (keyof typeof en.notificationKinds)[];
    for (const lang of ['en', 'fi'] as const) {
      for (const kind of kinds) {
        const item = {
          kind,
          organizationName: 'Acme Oy',
          documentName: 'Lease',
          signeeName: 'Sam Signee',
          roleName: 'Tenants',
          balance: '8,50 €',
        };
        const one = renderMail(message('notification', lang, { item, link: 'https://sinetti.example/x' }));
        expect(one.subject, `${lang} ${kind}`).toBe(fill(MAIL_TEXTS[lang].notificationKinds[kind], item));
        expect(one.text).toContain(`${one.subject}.`);
      }
    }
    expect(renderMail(message('notification-digest', 'en')).subject).toBe(
      'Sinetti: 2 updates since yesterday',
    );
    const fi1 = renderMail(
      message('notification-digest', 'fi', {
        ...samples['notification-digest'],
        items: samples['notification-digest'].items.slice(0, 1),
      }),
    );
    expect(fi1.subject).toBe('Sinetti: 1 uusi tapahtuma eilisen jälkeen');
    expect(fi1.text).toContain('26.11.2026 klo 9.12: Organisaation Acme Oy saldo on vähissä: 8,50 €.');
    const more = renderMail(
      message('notification-digest', 'en', { ...samples['notification-digest'], more: 12 }),
    );
    expect(more.subject).toBe('Sinetti: 14 updates since yesterday');
    expect(more.text).toContain('…and 12 more.');
  });

  it('escapes names in HTML, keeps them as they are in text, and never fills a placeholder twice', () => {
    const data = {
      ...samples['signing-request'],
      documentName: '<script>alert("x")</script> & {code}',
      senderName: "O'Brien <ceo@acme.example>",
      message: '<b>bold</b>\nline two',
    };
    const r = renderMail(message('signing-request', 'en', data));
    expect(r.html).not.toContain('<script>');
    expect(r.html).not.toContain('<b>');
    expect(r.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; {code}');
    expect(r.html).toContain('O&#39;Brien &lt;ceo@acme.example&gt;');
    expect(r.html).toContain('&lt;b&gt;bold&lt;/b&gt;<br>line two');
    expect(r.subject).toBe('Signature request: <script>alert("x")</script> & {code}');
    expect(r.text).toContain('> <b>bold</b>\n> line two');
  });

  it('keeps the subject on one line and leaves out what is not given', () => {
    const data = { ...samples['signing-request'], documentName: 'Two\r\nlines', message: '  ' };
    const r = renderMail({ ...message('signing-request', 'en', data), toName: undefined });
    expect(r.subject).toBe('Signature request: Two lines');
    expect(r.text).toMatch(/^Hello,\n/);
    expect(r.text).not.toContain('Message from');
    const completed = renderMail(
      message('signing-completed', 'en', { documentName: 'X', link: 'https://sinetti.example/s/1' }),
    );
    expect(completed.text).not.toContain('certificate');
  });

  it('refuses links that are not http(s), malformed addresses and unknown templates', () => {
    const ok = message('signing-request', 'en');
    expect(mailMessageSchema.safeParse(ok).success).toBe(true);
    const bad = [
      { ...ok, data: { ...samples['signing-request'], link: 'javascript:alert(1)' } },
      { ...ok, to: 'a@b.example, c@d.example' },
      { ...ok, to: 'Name <a@b.example>' },
      { ...ok, lang: 'sv' },
      { ...ok, template: 'newsletter' },
      { ...ok, data: { ...samples['signing-request'], documentName: undefined } },
    ];
    for (const b of bad) expect(mailMessageSchema.safeParse(b).success, JSON.stringify(b)).toBe(false);
  });
});
