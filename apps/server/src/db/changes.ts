import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The channel the database notifies after each commit that changed what cached replies are read from
 * (migration 0044: documents, their roles and counts, roles, role assignments, memberships, sessions,
 * organizations, accounts), with the organization (`o:<id>`) or account (`a:<id>`) concerned.
 */
export const CHANGES_CHANNEL = 'sinetti_changes';

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
 * PostgreSQL: one connection of its own (outside the pool, never a transaction pooler's: LISTEN needs a
 * session), connected again with a growing delay after any loss.
 */
export function postgresChangeFeed(url: string): ChangeFeed {
  return {
    async listen(listener) {
      let current: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      let delay = FIRST_RETRY_MS;
      const connect = async (): Promise<void> => {
        const client = new pg.Client({
          connectionString: url,
          application_name: 'sinetti-changes',
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
          keepAlive: true,
        });
        current = client;
        const lost = () => {
          if (current !== client) return;
          current = undefined;
          listener.live(false);
          client.end().catch(() => undefined);
          if (stopped) return;
          retry = setTimeout(() => void connect(), delay);
          retry.unref();
          delay = Math.min(delay * 2, LAST_RETRY_MS);
        };
        client.on('error', lost);
        client.on('end', lost);
        client.on('notification', (message) => {
          if (message.channel === CHANGES_CHANNEL && message.payload) listener.change(message.payload);
        });
        try {
          await client.connect();
          await client.query(`listen ${CHANGES_CHANNEL}`);
        } catch {
          lost();
          return;
        }
        if (current !== client) return;
        delay = FIRST_RETRY_MS;
        listener.live(true);
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const client = current;
        current = undefined;
        listener.live(false);
        await client?.end().catch(() => undefined);
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
