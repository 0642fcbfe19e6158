import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { jobs, mailLog } from '../src/db/schema/index.ts';
import { enqueueJob } from '../src/services/jobs/index.ts';
import { enqueueMail, MAIL_SEND_JOB, type MailMessage } from '../src/services/mail/index.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOBS_WORKER: 'false' });
});
afterAll(async () => t.close());

const LINK = 'http://sinetti.test/public/sign/dG9rZW4tb2YtdGhlLXNpZ25lZQ';
const request = (to: string): MailMessage<'signing-request'> => ({
  to,
  toName: 'Ada <Lovelace>',
  lang: 'en',
  template: 'signing-request',
  data: { documentName: 'Plan & <budget>', senderName: 'Bob', organizationName: 'Acme', link: LINK },
});
const code = (to: string): MailMessage<'signing-code'> => ({
  to,
  lang: 'fi',
  template: 'signing-code',
  data: { code: '905127', documentName: 'Plan & <budget>', minutes: 10 },
});

interface ApiMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}
const api = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mail${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ status: string; messages: ApiMail[] }>();
};
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('development mailbox', () => {
  it('keeps sent messages and lists them by recipient, newest first, with links and codes', async () => {
    await t.database.db.transaction((tx) => enqueueMail(tx, t.clock, request('ada@example.com')));
    await t.app.jobs.drain({ kinds: [MAIL_SEND_JOB] });
    t.clock.advance(60_000);
    await enqueueMail(t.database.db, t.clock, code('ADA@example.com'));
    await enqueueMail(t.database.db, t.clock, code('someone.else@example.com'));
    await t.app.jobs.drain({ kinds: [MAIL_SEND_JOB] });

    const { status, messages } = await api('?to=ada@example.com');
    expect(status).toBe('OK');
    expect(messages.map((m) => m.subject)).toEqual([
      'Vahvistuskoodisi on 905127',
      'Signature request: Plan & <budget>',
    ]);
    const [codeMail, requestMail] = messages;
    expect(codeMail?.text.match(/\b\d{6}\b/)?.[0]).toBe('905127');
    expect(requestMail).toMatchObject({
      to: 'ada@example.com',
      links: [LINK],
      createdAt: '2026-06-01T09:00:00.000Z',
    });
    expect(requestMail?.html).toContain('Plan &amp; &lt;budget&gt;');
    expect(Object.keys(requestMail ?? {}).sort()).toEqual(
      ['createdAt', 'html', 'id', 'links', 'subject', 'text', 'to'].sort(),
    );
    expect((await api()).messages).toHaveLength(3);
  });

  it('shows the mailbox at /dev/mail without scripts, under the strict CSP, labelled as not sent', async () => {
    const res = await page('/dev/mail');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('Development mailbox — messages are not sent');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('Signature request: Plan &amp; &lt;budget&gt;');
    expect(res.body).toContain('1 Jun 2026, 12:00:00 (Helsinki)');
    expect(res.body.indexOf('Vahvistuskoodisi')).toBeLessThan(res.body.indexOf('Signature request'));
  });

  it('opens a message with clickable links, a sandboxed HTML preview and downloads', async () => {
    const [mail] = (await api('?to=ada@example.com')).messages.slice(-1);
    const res = await page(`/dev/mail/${mail?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<a href="${LINK}">${LINK}</a>`);
    expect(res.body).toContain('Hello Ada &lt;Lovelace&gt;,');
    expect(res.body).toContain(`<iframe title="HTML part" src="/dev/mail/${mail?.id}/preview" sandbox=`);
    expect(res.body).not.toMatch(/<script/i);

    const preview = await page(`/dev/mail/${mail?.id}/preview`);
    expect(preview.statusCode).toBe(200);
    const csp = String(preview.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('sandbox');
    expect(preview.body).toContain('<base target="_top">');

    const html = await page(`/dev/mail/${mail?.id}/message.html`);
    expect(html.headers['content-disposition']).toBe(`attachment; filename="${mail?.id}.html"`);
    expect(html.body).toBe(mail?.html);
    const eml = await page(`/dev/mail/${mail?.id}/message.eml`);
    expect(eml.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(eml.headers['content-disposition']).toBe(`attachment; filename="${mail?.id}.eml"`);
    expect(eml.body).toContain('Subject: Signature request: Plan & <budget>');
    expect(eml.body).toMatch(/Content-Type: multipart\/alternative/);

    for (const url of ['/dev/mail/20990101T000000000Z-000000-00000000', '/dev/mail/..%2F..%2Fetc%2Fpasswd']) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
  });

  it('stores messages under DATA_DIR/mailbox and reads them back after a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-mailbox-'));
    const config = { ...t.config, mail: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).mail };
    const start = () => buildApp(config, { database: t.database, clock: t.clock, logger: false });
    try {
      const first = await start();
      try {
        await enqueueMail(t.database.db, t.clock, request('disk@example.com'));
        await first.jobs.drain({ kinds: [MAIL_SEND_JOB] });
      } finally {
        await first.close();
      }
      const files = fs.readdirSync(path.join(dataDir, 'mailbox')).sort();
      expect(files).toHaveLength(2);
      expect(files[0]).toMatch(/^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}\.eml$/);
      expect(files[1]).toMatch(/\.json$/);

      const second = await start();
      try {
        const res = await second.inject({ method: 'GET', url: '/api/dev/mail?to=disk@example.com' });
        expect(res.json().messages.map((m: ApiMail) => m.links)).toEqual([[LINK]]);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('mail jobs', () => {
  it('fails a job whose message is not valid at once, and keeps a record of it', async () => {
    const id = await enqueueJob(
      t.database.db,
      MAIL_SEND_JOB,
      { to: 'x@example.com' },
      { runAt: t.clock.now() },
    );
    await t.app.jobs.drain({ kinds: [MAIL_SEND_JOB] });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, id ?? ''));
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job?.lastError).toMatch(/^Invalid mail message/);
    const [log] = await t.database.db
      .select()
      .from(mailLog)
      .where(eq(mailLog.jobId, id ?? ''));
    expect(log).toMatchObject({ status: 'failed', recipient: 'x@example.com' });
  });

  it('prunes the mail log after 90 days', async () => {
    const day = 24 * 3600_000;
    const at = (daysAgo: number) => new Date(t.clock.now().getTime() - daysAgo * day);
    const row = {
      recipient: 'old@example.com',
      template: 'signing-code',
      lang: 'en',
      status: 'sent',
    } as const;
    const [oldId, newId] = [randomUUID(), randomUUID()];
    await t.database.db.insert(mailLog).values([
      { ...row, jobId: oldId, createdAt: at(91) },
      { ...row, jobId: newId, createdAt: at(89) },
    ]);
    await enqueueJob(t.database.db, 'mail.prune', {}, { runAt: t.clock.now() });
    expect(await t.app.jobs.drain({ kinds: ['mail.prune'] })).toBe(1);
    const left = await t.database.db
      .select()
      .from(mailLog)
      .where(inArray(mailLog.jobId, [oldId, newId]));
    expect(left.map((r) => r.jobId)).toEqual([newId]);
  });
});

describe('mail configuration', () => {
  const production = {
    NODE_ENV: 'production',
    ALLOW_UNENCRYPTED_SIGNING_KEYS: 'true',
    PUBLIC_URL: 'https://sign.example.fi',
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secret',
    PAYMENT_PROVIDER: 'off',
  };

  it('refuses to start in production without SMTP_URL unless the mailbox is explicitly allowed', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/SMTP_URL/);
    const loud = loadConfig({ ...production, DEV_MAILBOX_IN_PRODUCTION: 'true' });
    expect(loud.mail.transport).toEqual({ kind: 'mailbox', dir: path.resolve('./data/mailbox') });
    const smtp = loadConfig({ ...production, SMTP_URL: 'smtps://u:p@smtp.example.fi:465' });
    expect(smtp.mail).toEqual({
      transport: { kind: 'smtp', url: 'smtps://u:p@smtp.example.fi:465' },
      from: 'Sinetti <no-reply@sign.example.fi>',
      limits: { perOrganization: 200, perRecipient: 20, windowMs: 3_600_000 },
      feedback: { email: null, url: null, perAccountPerHour: 5 },
    });
  });

  it('uses the development mailbox outside production, in memory for memory://', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: 'memory://' }).mail.transport).toEqual({
      kind: 'mailbox',
      dir: null,
    });
    expect(loadConfig({ NODE_ENV: 'development', PORT: '8080' }).mail.from).toBe(
      'Sinetti <no-reply@localhost>',
    );
  });

  it('checks SMTP_URL and MAIL_FROM', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.fi' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ MAIL_FROM: 'noreply@example.fi' }).mail.from).toBe('noreply@example.fi');
    expect(loadConfig({ MAIL_FROM: 'Sinetti Oy <noreply@example.fi>' }).mail.from).toBe(
      'Sinetti Oy <noreply@example.fi>',
    );
  });
});
