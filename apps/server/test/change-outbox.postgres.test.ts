/**
 * The change outbox on PostgreSQL (migration 0045, db/changes.ts): a writing transaction notes each changed
 * organization or account once, sends no notification itself (its commit does not take PostgreSQL's
 * notification lock), and only what commits is relayed to the change feed's listeners: by each listening
 * connection, and by every process's pool (startOutboxDrain) whether or not anyone listens.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { upsertAccount } from '../src/commands/upsert-account.ts';
import { CHANGES_CHANNEL, postgresChangeFeed } from '../src/db/changes.ts';
import { openDatabase, type Database } from '../src/db/client.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `sinetti_test_${randomBytes(6).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
let database: Database;
let writer: pg.Client;
let observer: pg.Client;
let organizationId: string;
let accountId: string;

/** Waits until `ok` holds: a hang detector, not a timing. */
async function until(ok: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (!(await ok()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return ok();
}

const outbox = async (client: pg.Client, tag?: string): Promise<number> =>
  Number(
    (
      await client.query<{ n: string }>(
        'select count(*) as n from change_outbox where $1::text is null or tag = $1',
        [tag ?? null],
      )
    ).rows[0]?.n,
  );

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  database = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 });
  const { account } = await upsertAccount(
    database.db,
    {
      platform: 'google',
      issuer: 'outbox-test',
      sub: randomBytes(8).toString('hex'),
      email: 'outbox@example.com',
      givenName: 'Olli',
      familyName: 'Outbox',
      picture: null,
    },
    { ip: null, userAgent: null },
  );
  accountId = account.id;
  organizationId = account.defaultOrganizationId ?? '';
  writer = new pg.Client({ connectionString: url.toString() });
  observer = new pg.Client({ connectionString: url.toString() });
  await writer.connect();
  await observer.connect();
  // What the account's creation noted is relayed first.
  expect(await until(async () => (await outbox(observer)) === 0)).toBe(true);
}, 120_000);

afterAll(async () => {
  await writer?.end();
  await observer?.end();
  await database?.close();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

it('notes each change once per transaction, notifies nothing itself, and relays only what commits', async () => {
  const events: string[] = [];
  const stop = await postgresChangeFeed(url.toString()).listen({
    change: (payload) => events.push(payload),
    live: () => undefined,
  });
  // The writer listens too: a notification of its own transaction would reach it at its commit.
  const own: string[] = [];
  await writer.query(`listen ${CHANGES_CHANNEL}`);
  writer.on('notification', (message) => own.push(message.payload ?? ''));
  try {
    // A change that is rolled back is never relayed.
    await writer.query('begin');
    await writer.query('update accounts set picture = $1 where id = $2', ['rolled', accountId]);
    expect(await outbox(writer, `a:${accountId}`)).toBe(1);
    await writer.query('rollback');
    expect(await outbox(observer, `a:${accountId}`)).toBe(0);

    await writer.query('begin');
    // 500 documents in one statement, and the account changed twice: one row per tag.
    await writer.query(
      `insert into documents (organization_id, owner_account_id, name, type, platform, state)
       select $1, $2, 'Document ' || i, 'contract', 'google', 1 from generate_series(1, 500) i`,
      [organizationId, accountId],
    );
    await writer.query('update accounts set picture = $1 where id = $2', ['once', accountId]);
    await writer.query('update accounts set region = $1 where id = $2', ['FI', accountId]);
    expect(await outbox(writer, `o:${organizationId}`)).toBe(1);
    expect(await outbox(writer, `a:${accountId}`)).toBe(1);
    // Not committed: another connection (and so the relay) does not see them yet.
    expect(await outbox(observer)).toBe(0);
    await writer.query('commit');

    const heard = () => events.includes(`o:${organizationId}`) && events.includes(`a:${accountId}`);
    expect(await until(heard)).toBe(true);
    // Relayed once each, and the rolled-back change (noted before them) never.
    expect(events.filter((e) => e === `o:${organizationId}`)).toHaveLength(1);
    expect(events.filter((e) => e === `a:${accountId}`)).toHaveLength(1);
    expect(await until(async () => (await outbox(observer)) === 0)).toBe(true);
    // The writer heard them from the relay, not from its own commit: by then the relay had taken the rows.
    expect(await until(() => own.length === 2)).toBe(true);
  } finally {
    await stop();
    await writer.query('rollback'); // after a failed step; a warning otherwise
    await writer.query('unlisten *');
  }
});

it('relays while nobody listens, so the outbox does not grow', async () => {
  await writer.query('update organizations set name = name where id = $1', [organizationId]);
  expect(await until(async () => (await outbox(observer)) === 0)).toBe(true);
});

it("notifies at once, noting nothing, on a connection whose change delivery is 'notify' (PGlite's)", async () => {
  const own: string[] = [];
  const hear = (message: pg.Notification) => own.push(message.payload ?? '');
  await writer.query(`set sinetti.change_delivery = 'notify'`);
  await writer.query(`listen ${CHANGES_CHANNEL}`);
  writer.on('notification', hear);
  try {
    await writer.query('begin');
    await writer.query('update accounts set picture = $1 where id = $2', ['direct', accountId]);
    expect(await outbox(writer)).toBe(0);
    await writer.query('commit');
    expect(await until(() => own.includes(`a:${accountId}`))).toBe(true);
  } finally {
    writer.off('notification', hear);
    await writer.query('rollback');
    await writer.query('unlisten *');
    await writer.query('reset sinetti.change_delivery');
  }
});
