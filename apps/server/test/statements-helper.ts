// The statements a test's requests send, taken at the database driver by their text (tests of how a search or a
// list is written: how many statements, which index order, which conditions).
import { vi } from 'vitest';
import type { Db } from '../src/db/client.ts';

type Query = (...args: unknown[]) => Promise<unknown>;

export interface WatchedStatements {
  /** The text of every statement sent since the watch began, in order. */
  texts: string[];
  /** Ends the watch: the driver answers as before. */
  stop(): void;
}

/**
 * Watches what `db`'s driver is sent until stop(). `answer`, when given, is asked first for each statement and may
 * answer it in the database's place (a rejection as a time-out would give, say); undefined lets it through.
 */
export function watchStatements(
  db: Db,
  answer?: (text: string) => Promise<unknown> | undefined,
): WatchedStatements {
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const query = client.query.bind(client);
  const texts: string[] = [];
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const [first] = args;
    const text = typeof first === 'string' ? first : String((first as { text?: unknown }).text);
    texts.push(text);
    return answer?.(text) ?? query(...args);
  });
  return { texts, stop: () => spy.mockRestore() };
}
