import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The channel on which the app hears of each commit that changed what cached replies are read from
 * (migration 0044: documents, their roles and counts, roles, role assignments, memberships, sessions,
 * organizations, accounts), with the organization (`o:<id>`) or account (`a:<id>`) concerned. On PostgreSQL the
 * writing transaction notes it in the outbox, and the listening connections relay it (migration 0045).
 */
export const CHANGES_CHANNEL = 'sinetti_changes';

/**
 * How often a listening connection relays the outbox (the longest a change waits there before the processes
 * that listen hear of it; this process drops its own caller's replies at once, http/reply-cache-plugin.ts).
 */
export const RELAY_MS = 100;
/**
 * How often each PostgreSQL process also relays it on a pooled connection, when one is idle: so that the
 * outbox does not grow while no process listens (every process with REPLY_CACHE_MB=0).
 */
export const DRAIN_MS = 5_000;

/**
 * Takes what committed transactions noted in the outbox and notifies each distinct tag, in one transaction
 * that writes no WAL (the outbox is unlogged), so that its commit holds the notification lock only for a
 * moment. Rows of transactions not yet committed are not seen, and are taken by a later round. Several
 * connections relaying at once take different rows (a row deleted by one is skipped by the others).
 */
const RELAY_STATEMENT =
  `with taken as (delete from change_outbox returning tag)` +
  ` select count(pg_notify('${CHANGES_CHANNEL}', tag)) from (select distinct tag from taken) t`;

/**
 * Relays the outbox every DRAIN_MS on one of the pool's connections, only when one is idle or may be opened (a
 * request never waits for it). Stopped by the returned function, which waits for a round under way.
 */
export function startOutboxDrain(pool: pg.Pool): () => Promise<void> {
  let round: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    const full = pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);
    if (round || full || pool.waitingCount > 0) return;
    round = pool
      .query(RELAY_STATEMENT)
      .catch(() => undefined)
      .finally(() => (round = undefined));
  }, DRAIN_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}

/** What listens to the change feed. */
export interface ChangeListener {
  /** One notification's payload. */
  change(payload: string): void;
  /**
   * false: notifications may be missed from now on (the listening connection was lost); true: listening
   * again (what changed while it was lost is unknown). Starts false.
   */
  live(listening: boolean): void;
}

export interface ChangeFeed {
  /** Listens until the returned function is called. */
  listen(listener: ChangeListener): Promise<() => Promise<void>>;
}

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * The listening connection notifies itself this often (a payload `ping:<its id>:<n>`, which no listener passes
 * on), and counts as lost when none of its own came back for HEARTBEAT_LOST_MS: a connection that died without
 * an error (a failover behind the same address, a firewall dropping an idle connection) or that never delivers
 * (LISTEN through a transaction-mode pooler) is noticed within seconds, not at TCP keepalive's hours.
 */
const HEARTBEAT_MS = 2_000;
const HEARTBEAT_LOST_MS = 6_000;
const PING = 'ping:';

/**
 * PostgreSQL: one connection of its own (outside the pool, never a transaction pooler's: LISTEN needs a
 * session), connected again with a growing delay after any loss.
 */
export function postgresChangeFeed(url: string): ChangeFeed {
  return {
    async listen(listener) {
      /** The connection listening or connecting now, and its heartbeat. */
      let current: { client: pg.Client; heartbeat: NodeJS.Timeout; relay: NodeJS.Timeout } | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      let delay = FIRST_RETRY_MS;
      const connect = async (): Promise<void> => {
        const client = new pg.Client({
          connectionString: url,
          application_name: 'sinetti-changes',
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
        });
        const me = `${PING}${randomUUID()}:`;
        let heard = performance.now();
        let listening = false;
        let sent = 0;
        // The outbox, relayed on this connection while it listens, one round at a time: a failed round is the
        // connection's loss, which the heartbeat or the client's error notices.
        let relaying = false;
        const relay = setInterval(() => {
          if (!listening || relaying) return;
          relaying = true;
          client
            .query(RELAY_STATEMENT)
            .catch(() => undefined)
            .finally(() => (relaying = false));
        }, RELAY_MS);
        relay.unref();
        // Also bounds connecting and LISTEN: nothing heard for HEARTBEAT_LOST_MS is a loss.
        const heartbeat = setInterval(() => {
          if (performance.now() - heard > HEARTBEAT_LOST_MS) return lost();
          if (listening) {
            client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, `${me}${++sent}`]).catch(lost);
          }
        }, HEARTBEAT_MS);
        heartbeat.unref();
        const connection = { client, heartbeat, relay };
        current = connection;
        function lost(): void {
          clearInterval(heartbeat);
          clearInterval(relay);
          if (current !== connection) return;
          current = undefined;
          listener.live(false);
          client.end().catch(() => undefined);
          if (stopped) return;
          retry = setTimeout(() => void connect(), delay);
          retry.unref();
          delay = Math.min(delay * 2, LAST_RETRY_MS);
        }
        client.on('error', lost);
        client.on('end', lost);
        client.on('notification', (message) => {
          const payload = message.payload;
          if (message.channel !== CHANGES_CHANNEL || !payload) return;
          if (!payload.startsWith(PING)) listener.change(payload);
          else if (payload.startsWith(me)) heard = performance.now();
        });
        try {
          await client.connect();
          await client.query(`listen ${CHANGES_CHANNEL}`);
        } catch {
          lost();
          return;
        }
        if (current !== connection) return;
        delay = FIRST_RETRY_MS;
        heard = performance.now();
        listening = true;
        listener.live(true);
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const connection = current;
        current = undefined;
        listener.live(false);
        if (!connection) return;
        clearInterval(connection.heartbeat);
        clearInterval(connection.relay);
        await connection.client.end().catch(() => undefined);
      };
    },
  };
}

/** PGlite: the one in-process connection notifies its own listeners. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  return {
    async listen(listener) {
      const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => {
        if (payload) listener.change(payload);
      });
      listener.live(true);
      return async () => {
        listener.live(false);
        if (!client.closed) await unlisten().catch(() => undefined);
      };
    },
  };
}
