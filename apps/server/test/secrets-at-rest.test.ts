import { api } from '@sinetti/contract';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/index.ts';
import { redactUrl } from '../src/http/log-redaction.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { enqueueJob } from '../src/services/jobs/index.ts';
import { enqueueMail, MAIL_SEND_JOB } from '../src/services/mail/index.ts';
import { openTestDatabase } from './db.ts';

const TOKEN = 'dG9rZW4tb2YtdGhlLXNpZ25lZS1zZWNyZXQtdmFsdWUx';
const SESSION = 'c2Vzc2lvbi10b2tlbi1zZWNyZXQtdmFsdWUtMTIzNDU2';
const CODE = 'oidc-code-SECRET-4f2a';
const STATE = 'oidc-state-SECRET-9c1d';
const SESSION_ID = 'session-id-header-SECRET-7e3b';

let app: FastifyInstance;
let database: Database;
const clock = new ManualClock(Date.parse('2026-06-01T09:00:00Z'));
const lines: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://sinetti.test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'debug',
    JOBS_WORKER: 'false',
  });
  app = await buildApp(config, { database, clock, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request logs hold no secrets', () => {
  it('redacts signing links, session tokens, the dev mailbox, OIDC code and state, and session-id', async () => {
    const urls = [
      `/public/sign/${TOKEN}`,
      `/public/signed/${TOKEN}`,
      `/public/session/${SESSION}`,
      `/public/share/${TOKEN}`,
      `/api/public/share/${TOKEN}`,
      `/api/public/share/${TOKEN}/download`,
      `/api/signing/decline/${TOKEN}`,
      `/api/signing/status/signee/${TOKEN}`,
      `/api/signing/start/${TOKEN}`,
      `/api/signing/download/${TOKEN}`,
      `/api/signing/download/certificate/${TOKEN}`,
      `/api/signing/session/${SESSION}/pdf`,
      `/dev/mail/${TOKEN}/message.html`,
      `/redirect/google?code=${CODE}&state=${STATE}&scope=openid`,
      `/api/dev/mail?to=${encodeURIComponent('ada@example.com')}`,
    ];
    for (const url of urls) {
      await app.inject({
        method: 'GET',
        url,
        headers: { 'session-id': SESSION_ID, 'application-id': 'Frontend' },
      });
    }
    await app.inject({
      method: 'POST',
      url: '/api/authentication/authorize',
      headers: { 'session-id': SESSION_ID },
      payload: { type: 'google', code: CODE, state: STATE },
    });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/signing/session/[redacted]/pdf');
    expect(log).toContain('scope=openid');
    for (const secret of [TOKEN, SESSION, CODE, STATE, SESSION_ID, 'ada@example.com', 'ada%40example.com']) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('redacts the token of every contract path that carries one, whatever its place', () => {
    const secretPaths = Object.values(api)
      .flatMap((area) => Object.values(area) as { path: string }[])
      .map(({ path }) => path)
      .filter((path) => /:(token|sessionToken)\b/.test(path));
    expect(secretPaths.length).toBeGreaterThan(10);
    for (const path of secretPaths) {
      const url = `/api${path.replace(/:(token|sessionToken)\b/g, TOKEN).replace(/:\w+\??/g, 'x')}`;
      expect(redactUrl(url), url).not.toContain(TOKEN);
    }
  });

  it('leaves ordinary paths alone', () => {
    expect(redactUrl('/api/documents/list?limit=5')).toBe('/api/documents/list?limit=5');
    expect(redactUrl('/public/sign/')).toBe('/public/sign/');
    expect(redactUrl('/api/signing/session/abc/sign')).toBe('/api/signing/session/[redacted]/sign');
  });

  it('hides organization invite tokens, in the API path and in the e-mailed link', () => {
    expect(redactUrl('/api/authentication/invite-link/secretToken123')).toBe(
      '/api/authentication/invite-link/[redacted]',
    );
    expect(redactUrl('/?invite=secretToken123')).not.toContain('secretToken123');
  });
});

describe('finished mail jobs keep no usable secret', () => {
  it('drops signing links and codes from a job payload once the mail is delivered', async () => {
    const link = `http://sinetti.test/public/sign/${TOKEN}`;
    await enqueueMail(database.db, clock, {
      to: 'ada@example.com',
      lang: 'en',
      template: 'signing-request',
      data: { documentName: 'Plan', senderName: 'Bob', organizationName: 'Acme', link },
    });
    await enqueueMail(database.db, clock, {
      to: 'ada@example.com',
      lang: 'en',
      template: 'signing-code',
      data: { code: '905127', documentName: 'Plan', minutes: 10 },
    });
    expect(await app.jobs.drain({ kinds: [MAIL_SEND_JOB] })).toBe(2);
    const delivered = await app.mail.mailbox!.list({ to: 'ada@example.com' });
    expect(delivered.map((m) => m.text).join()).toContain(link);
    expect(delivered.map((m) => m.text).join()).toContain('905127');
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, MAIL_SEND_JOB));
    expect(rows.map((r) => r.status)).toEqual(['done', 'done']);
    const stored = JSON.stringify(rows.map((r) => r.payload));
    expect(stored).not.toContain(TOKEN);
    expect(stored).not.toContain('905127');
    expect(stored).toContain('signing-code');
  });

  it('scrubs the rows finished before the change (migration)', async () => {
    const dir = path.join(import.meta.dirname, '../src/db/migrations');
    const file = fs.readdirSync(dir).find((f) => f.endsWith('_scrub_mail_job_secrets.sql'));
    expect(file).toBeDefined();
    const ids: string[] = [];
    for (const status of ['done', 'failed', 'queued'] as const) {
      const id = (await enqueueJob(
        database.db,
        MAIL_SEND_JOB,
        {
          to: 'old@example.com',
          template: 'signing-code',
          data: { code: '111222', documentName: 'Old', minutes: 10, link: `http://x/public/sign/${TOKEN}` },
        },
        { runAt: new Date(clock.now().getTime() + 3600_000) },
      ))!;
      await database.db.update(jobs).set({ status }).where(eq(jobs.id, id));
      ids.push(id);
    }
    const migration = fs.readFileSync(path.join(dir, file!), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (statement.trim()) await database.db.execute(statement);
    }
    const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, JSON.stringify(r.payload)]));
    expect(byStatus.done).not.toContain('111222');
    expect(byStatus.failed).not.toContain(TOKEN);
    // A queued message has not been sent yet: it still needs its code.
    expect(byStatus.queued).toContain('111222');
  });
});
