import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/commands/sessions.ts';
import { upsertAccount } from '../../src/commands/upsert-account.ts';
import { openDatabase } from '../../src/db/client.ts';
import { accounts } from '../../src/db/schema/index.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { testDbKind } from '../db.ts';
import { makePdf } from '../pdf-fixtures.ts';
import { freePort, startServer, type ServerProcess } from './server-process.ts';

/**
 * Kills the real server (SIGKILL by pid) in the middle of an upload and of a payment, starts it again on
 * the same DATA_DIR and database, and checks the invariants: no acknowledged document lost, ledger =
 * balance, a retried payment settles once.
 */
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sinetti-faults-'));
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const dbName = `sinetti_faults_${randomBytes(6).toString('hex')}`;
const databaseUrl =
  testDbKind === 'postgres'
    ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString()
    : undefined;
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

let port: number;
let server: ServerProcess;
let headers: Record<string, string>;

/** An account with a session, made in the database before the server owns it. */
async function seedUser(): Promise<Record<string, string>> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const { account } = await upsertAccount(
      database.db,
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
    await database.db.update(accounts).set({ setupComplete: true }).where(eq(accounts.id, account.id));
    const { token } = await createSession(database.db, systemClock, {
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
  } finally {
    await database.close();
  }
}

const api = (method: string, url: string, body?: unknown) =>
  fetch(`${server.url}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function upload(name: string): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(await makePdf(1))]), `${name}.pdf`);
  const res = await fetch(`${server.url}/api/documents/upload/contract`, {
    method: 'POST',
    headers,
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { document: { id: string } }).document.id;
}

/** Balance and the ledger's sum as the API reports them. */
async function balanceAndLedger(): Promise<{ balance: number; ledger: number }> {
  const balance = ((await (await api('GET', '/api/plan/balance')).json()) as { balance: number }).balance;
  const list = (await (await api('GET', '/api/plan/transactions')).json()) as {
    transactions: { amount: number }[];
  };
  return { balance, ledger: list.transactions.reduce((sum, t) => sum + t.amount, 0) };
}

async function restart(): Promise<void> {
  await server.kill();
  server = await startServer(env, port);
}

beforeAll(async () => {
  if (databaseUrl) await admin(`create database ${dbName}`);
  headers = await seedUser();
  port = await freePort();
  server = await startServer(env, port);
  // A saved sandbox card, through the sandbox's own page as a browser would.
  const setup = (await (await api('GET', '/api/payments/setup')).json()) as { redirectUrl: string };
  const page = await fetch(setup.redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', action: 'save' }),
    redirect: 'manual',
  });
  expect(page.status).toBe(303);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (databaseUrl) await admin(`drop database if exists ${dbName} with (force)`);
  await rm(dataDir, { recursive: true, force: true });
});

describe(`killing the server (${testDbKind})`, () => {
  it('during an upload stream: the documents acknowledged before it are all there after the restart', async () => {
    const kept = await upload('Acknowledged');
    const pdf = Buffer.from(await makePdf(30));
    const boundary = `----sinetti${randomBytes(8).toString('hex')}`;
    const request = http.request(`${server.url}/api/documents/upload/contract`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const failed = new Promise<void>((resolve) => {
      request.on('error', () => resolve());
      request.on('response', () => resolve());
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    request.write(pdf.subarray(0, Math.floor(pdf.length / 2)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await restart();
    await failed;
    const info = await api('GET', `/api/documents/info/${kept}`);
    expect(info.status).toBe(200);
    expect(await upload('After the restart')).toBeTruthy();
  }, 150_000);

  it('during a payment: the retried top-up settles once and the ledger equals the balance', async () => {
    const key = `faults-${randomBytes(8).toString('hex')}`;
    const sent = api('POST', '/api/plan/balance', { amount: 25, idempotencyKey: key }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await restart();
    await sent;
    const retry = (await (
      await api('POST', '/api/plan/balance', { amount: 25, idempotencyKey: key })
    ).json()) as {
      status: string;
    };
    expect(['OK', 'PAYMENT_PENDING']).toContain(retry.status);
    const { balance, ledger } = await balanceAndLedger();
    expect(balance).toBe(ledger);
    expect(balance).toBe(retry.status === 'OK' ? 2500 : 0);
  }, 150_000);
});
