import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createSession } from '../../src/commands/sessions.ts';
import { upsertAccount } from '../../src/commands/upsert-account.ts';
import { openDatabase, type Db } from '../../src/db/client.ts';
import { accounts } from '../../src/db/schema/index.ts';
import { systemClock } from '../../src/lib/clock.ts';
import type { FaultPoint } from '../../src/lib/fault-points.ts';
import { testDbKind } from '../db.ts';
import { freePort, startServer, type ServerProcess } from './server-process.ts';

/**
 * One real server process on its own DATA_DIR (and, with TEST_DB=postgres, its own database) that a
 * fault test kills and starts again on the same data; optionally paused at a fault point
 * (src/lib/fault-points.ts) so that the kill lands exactly there.
 */
export class FaultHarness {
  server!: ServerProcess;
  headers: Record<string, string> = {};
  private port = 0;
  private markers = 0;
  private marker: string | null = null;

  private constructor(
    readonly dataDir: string,
    private readonly adminUrl: string,
    private readonly dbName: string,
    readonly databaseUrl: string | undefined,
  ) {}

  static async create(): Promise<FaultHarness> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sinetti-faults-'));
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const dbName = `sinetti_faults_${randomBytes(6).toString('hex')}`;
    const databaseUrl =
      testDbKind === 'postgres'
        ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString()
        : undefined;
    const h = new FaultHarness(dataDir, adminUrl, dbName, databaseUrl);
    if (databaseUrl) await h.admin(`create database ${dbName}`);
    h.headers = await h.withDatabase(seedUser);
    h.port = await freePort();
    await h.start();
    return h;
  }

  private async admin(query: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.adminUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  }

  private env(pause?: FaultPoint): Record<string, string> {
    this.marker = pause ? path.join(this.dataDir, `fault-${++this.markers}.marker`) : null;
    return {
      DATA_DIR: this.dataDir,
      ...(this.databaseUrl ? { DATABASE_URL: this.databaseUrl } : {}),
      ...(pause && this.marker ? { FAULT_PAUSE_AT: pause, FAULT_MARKER: this.marker } : {}),
    };
  }

  /** Starts the server (paused at `pause` when it gets there); answers the time it was up. */
  async start(pause?: FaultPoint): Promise<number> {
    this.server = await startServer(this.env(pause), this.port);
    return Date.now();
  }

  /** SIGKILL, then a new process on the same data. */
  async restart(pause?: FaultPoint): Promise<number> {
    await this.server.kill();
    return this.start(pause);
  }

  /** Waits until the server has reached the fault point it was started with (and waits there). */
  async paused(timeoutMs = 300_000): Promise<void> {
    const marker = this.marker;
    if (!marker) throw new Error('the server was not started with a fault point');
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(marker)) {
      if (Date.now() > deadline)
        throw new Error(`the server did not reach its fault point in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The database, opened by the test (with PGlite only while no server holds the data directory). */
  async withDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const database = await openDatabase({ databaseUrl: this.databaseUrl, dataDir: this.dataDir });
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  }

  /** A clean stop, `fn` on the database, and the server again. */
  async whileStopped<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    await this.server.stop();
    try {
      return await this.withDatabase(fn);
    } finally {
      await this.start();
    }
  }

  api(method: string, url: string, body?: unknown, headers = this.headers): Promise<Response> {
    return fetch(`${this.server.url}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async close(): Promise<void> {
    await this.server?.stop();
    if (this.databaseUrl) await this.admin(`drop database if exists ${this.dbName} with (force)`);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** An account with a session, made in the database before the server owns it. */
async function seedUser(db: Db): Promise<Record<string, string>> {
  const { account } = await upsertAccount(
    db,
    {
      platform: 'google',
      issuer: 'http://sinetti.test/oidc',
      sub: randomBytes(8).toString('hex'),
      email: `faults-${randomBytes(4).toString('hex')}@example.com`,
      givenName: 'Fay',
      familyName: 'Fault',
      picture: null,
    },
    { ip: '127.0.0.1', userAgent: 'test' },
  );
  await db.update(accounts).set({ setupComplete: true }).where(eq(accounts.id, account.id));
  const { token } = await createSession(db, systemClock, {
    accountId: account.id,
    selectedOrganizationId: account.defaultOrganizationId,
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  return {
    'application-id': 'Frontend',
    'session-id': token,
    'company-id': account.defaultOrganizationId!,
  };
}

/** Polls `probe` until it answers a value (not undefined); fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 300_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
