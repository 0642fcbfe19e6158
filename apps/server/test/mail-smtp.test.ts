import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailLog } from '../src/db/schema/index.ts';
import { enqueueMail, MAIL_SEND_JOB, type MailMessage } from '../src/services/mail/index.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from './mail-helper.ts';

let smtp: TestSmtpServer;
let t: TestApp;
let webDist: string;
const LINK = 'http://sinetti.test/public/sign/Zm9vYmFyLXRva2VuLTEyMw?lang=fi&x=1';

beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'sinetti', pass: 's3cret/pass' });
  // The signing link opens a page of the web app: a stand-in build answers it.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-mail-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Sinetti</title><div id="root"></div>',
  );
  t = await buildTestApp({
    SMTP_URL: `smtp://sinetti:${encodeURIComponent('s3cret/pass')}@127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Sinetti Test <robot@sinetti.test>',
    JOBS_WORKER: 'false',
    WEB_DIST: webDist,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const request = (to: string, link = LINK): MailMessage<'signing-request'> => ({
  to,
  toName: 'Maija Meikäläinen',
  lang: 'fi',
  template: 'signing-request',
  data: {
    documentName: 'Vuokrasopimus <2026> & liitteet',
    senderName: 'Liisa Lähettäjä',
    organizationName: 'Acme Oy',
    link,
    message: 'Hei Maija,\nallekirjoitathan tämän perjantaihin mennessä.',
  },
});

const drain = () => t.app.jobs.drain({ kinds: [MAIL_SEND_JOB] });
const jobsOf = async () => t.database.db.select().from(jobs).where(eq(jobs.kind, MAIL_SEND_JOB));
const receivedBy = (address: string) =>
  smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));

describe('mail over SMTP', () => {
  it("delivers the signee's e-mail with both parts and a working link", async () => {
    await t.database.db.transaction((tx) => enqueueMail(tx, t.clock, request('maija@example.fi')));
    expect(await drain()).toBe(1);

    const [mail] = receivedBy('maija@example.fi');
    expect(mail).toMatchObject({ from: 'robot@sinetti.test', user: 'sinetti' });
    const parsed = parseMail(mail?.raw ?? '');
    expect(parsed.subject).toBe('Allekirjoituspyyntö: Vuokrasopimus <2026> & liitteet');
    expect(parsed.headers.get('from')).toBe('Sinetti Test <robot@sinetti.test>');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.text).toContain('Hei Maija Meikäläinen,');
    expect(parsed.text).toContain('> allekirjoitathan tämän perjantaihin mennessä.');
    expect(parsed.text.split('\n')).toContain(LINK);
    expect(parsed.html).toContain('Vuokrasopimus &lt;2026&gt; &amp; liitteet');
    expect(parsed.html).toContain(`href="${LINK.replaceAll('&', '&amp;')}"`);
    expect(parsed.html).not.toMatch(/<script/i);

    const res = await t.app.inject({
      method: 'GET',
      url: new URL(LINK).pathname,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);

    const [job] = await jobsOf();
    const [log] = await t.database.db
      .select()
      .from(mailLog)
      .where(eq(mailLog.jobId, job?.id ?? ''));
    expect(log).toMatchObject({
      status: 'sent',
      recipient: 'maija@example.fi',
      template: 'signing-request',
      messageId: `<${job?.id}@sinetti.test>`,
    });
    expect(parsed.headers.get('message-id')).toBe(`<${job?.id}@sinetti.test>`);
  });

  it('does not send again when a finished job runs once more (crash after sending)', async () => {
    const [job] = await jobsOf();
    await t.database.db
      .update(jobs)
      .set({ status: 'queued', runAt: t.clock.now() })
      .where(eq(jobs.id, job?.id ?? ''));
    expect(await drain()).toBe(1);
    expect(receivedBy('maija@example.fi')).toHaveLength(1);
  });

  it('sends nothing when the enqueuing transaction rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, t.clock, request('rolled.back@example.fi'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await drain()).toBe(0);
    expect(receivedBy('rolled.back@example.fi')).toEqual([]);
  });

  it('retries with backoff after a transient rejection (421), then delivers once', async () => {
    // The pool tries once more on a new connection at once; the job's backoff takes over after that.
    smtp.rejectNext(2, 421, 'Too busy, try again later');
    await enqueueMail(t.database.db, t.clock, request('busy@example.fi'));
    expect(await drain()).toBe(1);
    expect(receivedBy('busy@example.fi')).toEqual([]);
    const waiting = (await jobsOf()).find((j) => j.payload.to === 'busy@example.fi');
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting?.lastError).toMatch(/421|Too busy/);
    expect(waiting?.runAt.getTime()).toBe(t.clock.now().getTime() + 30_000);

    expect(await drain()).toBe(0);
    t.clock.advance(30_000);
    expect(await drain()).toBe(1);
    expect(receivedBy('busy@example.fi')).toHaveLength(1);
    const done = (await jobsOf()).find((j) => j.id === waiting?.id);
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('gives up at once on a permanent rejection (550) and records the failure', async () => {
    smtp.rejectNext(1, 550, 'Mailbox unavailable');
    await enqueueMail(t.database.db, t.clock, request('gone@example.fi'));
    expect(await drain()).toBe(1);
    const failed = (await jobsOf()).find((j) => j.payload.to === 'gone@example.fi');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    const [log] = await t.database.db
      .select()
      .from(mailLog)
      .where(eq(mailLog.jobId, failed?.id ?? ''));
    expect(log).toMatchObject({ status: 'failed', recipient: 'gone@example.fi' });
    expect(log?.error).toMatch(/550|Mailbox unavailable/);
  });

  it('sends English messages too, and has no development mailbox (404)', async () => {
    await enqueueMail(t.database.db, t.clock, {
      to: 'Grace@Example.org',
      lang: 'en',
      template: 'signing-code',
      data: { code: '042917', documentName: 'NDA.pdf', minutes: 10 },
    });
    await drain();
    const parsed = parseMail(receivedBy('Grace@Example.org')[0]?.raw ?? '');
    expect(parsed.subject).toBe('Your verification code is 042917');
    expect(parsed.text).toContain('Hello,');
    expect(parsed.text).toContain('The code is valid for 10 minutes.');
    expect(parsed.html).toContain('042917');

    for (const url of ['/dev/mail', '/api/dev/mail', '/dev/mail/20260601T090000000Z-000000-00000000']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
