import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { jobs } from '../../apps/server/src/db/schema/index.ts';
import { OffsetClock } from '../../apps/server/src/lib/clock.ts';
import { enqueueJob } from '../../apps/server/src/services/jobs/queue.ts';

/** Real time plus an offset that journeys move forward, and that reset() sets back to real time. */
export class TestClock extends OffsetClock {
  private moved = 0;
  override advance(ms: number): void {
    super.advance(ms);
    this.moved += ms;
  }
  reset(): void {
    super.advance(-this.moved);
    this.moved = 0;
  }
}

export interface TestServer {
  url: string;
  clock: TestClock;
  app: FastifyInstance;
  /**
   * What the server did lately, for a failure message: its jobs, its failed or slow requests, its warnings
   * and its job and mail log lines.
   */
  diagnose(): Promise<string>;
  /**
   * Makes the server what a freshly started one is, for the next test file that shares it: its jobs stop,
   * every table but KEPT_TABLES is emptied, the mailbox and its log are emptied, the clock is real time
   * again, the periodic jobs are scheduled as at a start, and its jobs run again.
   */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a started server holds before anyone used it, kept by reset(): the reference data the migrations
 * write (plans, prices, signing methods) and the keys the instance makes for itself once. Jobs are
 * emptied and the periodic ones scheduled again. Any other table found filled right after a start fails
 * startServer(), so that a migration adding reference data is not emptied away unnoticed.
 */
const KEPT_TABLES = new Set(['billing_plans', 'signature_prices', 'signing_methods', 'instance_secrets']);

async function publicTables(app: FastifyInstance): Promise<string[]> {
  const result = await app.ctx.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return (result as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename);
}

/** Fails when a table other than KEPT_TABLES and jobs has rows right after a start. */
async function checkStartingTables(app: FastifyInstance): Promise<void> {
  for (const table of await publicTables(app)) {
    if (KEPT_TABLES.has(table) || table === 'jobs') continue;
    const result = await app.ctx.db.execute(sql.raw(`select exists (select 1 from "${table}") as filled`));
    if ((result as unknown as { rows: { filled: boolean }[] }).rows[0]?.filled) {
      throw new Error(
        `Table ${table} has rows as soon as the server starts: add it to KEPT_TABLES in e2e/support/server.ts ` +
          'if it is reference data every journey needs (reset() would empty it otherwise).',
      );
    }
  }
}

/** The servers this test file started, by URL: a helper given only the URL can still diagnose. */
const started = new Map<string, TestServer>();
export const serverAt = (url: string): TestServer | undefined => started.get(url);

const KEPT_LINES = 2000;
const WARN = 40;
/** A request that takes longer than this is listed with the failed ones. */
const SLOW_REQUEST_MS = 5_000;

interface LogEntry {
  level: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * The server's log, kept in memory (the last 2000 lines) rather than printed: a journey that fails says
 * what the server did; warnings and errors also go to stderr as they happen.
 */
function memoryLog() {
  const entries: { line: string; level: number; msg: string }[] = [];
  /** Requests under way, by id (Fastify logs the method and address when one comes in, not when done). */
  const underWay = new Map<string, string>();
  /** The requests answered with an error or slowly, newest last. */
  const notable: string[] = [];
  const keep = <T>(list: T[], item: T, most: number) => {
    list.push(item);
    if (list.length > most) list.splice(0, list.length - most);
  };
  return {
    /** Forgets everything (a shared server's next test file starts with an empty log). */
    clear() {
      entries.length = 0;
      underWay.clear();
      notable.length = 0;
    },
    stream: {
      write(line: string) {
        let entry: LogEntry;
        try {
          entry = JSON.parse(line) as LogEntry;
        } catch {
          entry = { level: WARN, msg: line.trimEnd() }; // not pino's: kept, and shown as a warning
        }
        const { level, msg = '', reqId, res, responseTime = 0 } = entry;
        keep(entries, { line: line.trimEnd(), level, msg }, KEPT_LINES);
        if (level >= WARN) process.stderr.write(line);
        if (reqId && msg === 'incoming request')
          underWay.set(reqId, `${entry.req?.method} ${entry.req?.url}`);
        // Fastify ends each request's log with one of these (errored: the response stream failed).
        if (reqId && (msg === 'request completed' || msg === 'request errored')) {
          const request = underWay.get(reqId) ?? reqId;
          underWay.delete(reqId);
          const status = res?.statusCode ?? 0;
          const errored = msg === 'request errored';
          if (status >= 400 || errored || responseTime > SLOW_REQUEST_MS) {
            const at = new Date(entry.time ?? Date.now()).toISOString();
            const outcome = `${status}${errored ? ' (errored)' : ''}`;
            keep(notable, `${at} ${request} → ${outcome} in ${Math.round(responseTime)} ms`, 100);
          }
        }
      },
    },
    /** The lines about jobs and mail, and every warning, newest last. */
    relevant(count: number): string[] {
      return entries
        .filter(({ level, msg }) => level >= WARN || /job|mail/i.test(msg))
        .slice(-count)
        .map(({ line }) => line);
    },
    /** The latest requests answered with a 4xx or 5xx, or in over 5 s, and the API calls still under way. */
    requests(count: number): string[] {
      const unanswered = [...underWay.values()].filter((r) => r.includes(' /api/'));
      return [...notable.slice(-count), ...unanswered.map((r) => `${r} (no answer yet)`)];
    },
  };
}

/**
 * The real server (the same buildApp that main.ts runs), on a free port with a fresh data directory
 * and the embedded database; its clock can be moved forward to expire sessions.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-e2e-'));
  const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  const clock = new TestClock();
  // Reserve a port first so that PUBLIC_URL (the OIDC issuer and redirect URIs) names the right one.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    WEB_DIST: webDist,
    // The guided tour would stand over every journey's first dashboard; tour.e2e.test.ts turns it on.
    GUIDED_TOUR: 'false',
    // The anonymous verify lane (lowest CPU priority, 15 s per file) would starve on a machine busy with
    // parallel journeys: here a hang detector, not a budget.
    VERIFY_TIMEOUT_SECONDS: '120',
    ...env,
  });
  const log = memoryLog();
  const app = await buildApp(config, { clock, logStream: log.stream });
  await app.listen({ port, host: '127.0.0.1' });
  await checkStartingTables(app);
  const server: TestServer = {
    url,
    clock,
    app,
    diagnose: async () => {
      const recent = await app.ctx.db
        .select()
        .from(jobs)
        .orderBy(desc(jobs.createdAt))
        .limit(15)
        .then((rows) =>
          rows.map((j) =>
            [
              j.kind,
              j.status,
              `attempts ${j.attempts}`,
              `created ${j.createdAt.toISOString()}`,
              `run at ${j.runAt.toISOString()}`,
              j.finishedAt && `finished ${j.finishedAt.toISOString()}`,
              j.lastError && `error ${j.lastError}`,
            ]
              .filter(Boolean)
              .join(', '),
          ),
        )
        .catch((error: unknown) => [String(error)]);
      return [
        `clock: ${clock.now().toISOString()}`,
        'latest jobs:',
        ...recent,
        'requests answered with an error or in over 5 s:',
        ...log.requests(15),
        'log (jobs, mail, warnings):',
        ...log.relevant(40),
      ].join('\n');
    },
    reset: async () => {
      await app.jobs.stop();
      clock.reset();
      const emptied = (await publicTables(app)).filter((table) => !KEPT_TABLES.has(table));
      await app.ctx.db.execute(sql.raw(`truncate table ${emptied.map((t) => `"${t}"`).join(', ')}`));
      fs.rmSync(path.join(dataDir, 'mailbox'), { recursive: true, force: true });
      // As the jobs worker does when it starts (its own scheduling runs once per process).
      for (const [kind, intervalMs] of app.jobs.registry.periodic) {
        await enqueueJob(
          app.ctx.db,
          kind,
          {},
          {
            runAt: new Date(clock.now().getTime() + intervalMs),
            dedupeKey: `periodic:${kind}`,
            maxAttempts: 3,
          },
        );
      }
      log.clear();
      if (config.jobs.worker) await app.jobs.start();
    },
    close: async () => {
      started.delete(url);
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  started.set(url, server);
  return server;
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
