/**
 * The reply cache's change feed on PostgreSQL (db/changes.ts): notifications of other connections arrive, its
 * own heartbeats are not passed on, and a connection that goes silent without any error (a network that drops
 * packets, a failover behind the same address) is noticed by the heartbeat, after which it listens again.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHANGES_CHANNEL, postgresChangeFeed } from '../src/db/changes.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
let proxy: TcpProxy;
let other: pg.Client;

/** Waits until `ok` holds: a hang detector, not a timing. */
async function until(ok: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (!ok() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return ok();
}

beforeAll(async () => {
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  other = new pg.Client({ connectionString: url.toString() });
  await other.connect();
});
afterAll(async () => {
  await other?.end();
  await proxy?.close();
});

it('passes on other connections’ changes, not its heartbeats, and notices a connection gone silent', async () => {
  const through = new URL(url);
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  const events: (string | boolean)[] = [];
  const stop = await postgresChangeFeed(through.toString()).listen({
    change: (payload) => events.push(payload),
    live: (listening) => events.push(listening),
  });
  try {
    expect(events).toEqual([true]);
    await other.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'o:feed-test']);
    expect(await until(() => events.includes('o:feed-test'))).toBe(true);

    // Silent: no error, no close; only the missing heartbeats tell.
    proxy.stall();
    expect(await until(() => events.at(-1) === false)).toBe(true);
    proxy.restore();
    expect(await until(() => events.at(-1) === true)).toBe(true);
    // Its heartbeats (sent every 2 s while it listened) never reached the listener.
    expect(events.filter((e) => typeof e === 'string')).toEqual(['o:feed-test']);
    await other.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'a:after']);
    expect(await until(() => events.includes('a:after'))).toBe(true);
  } finally {
    await stop();
  }
  expect(events.at(-1)).toBe(false);
});
