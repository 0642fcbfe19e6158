import { Placeholder } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs a statement and answers its rows as arrays of values as the driver gives them: raw text on
 * PostgreSQL, parsed values on PGlite (callers read text columns and turn counts into numbers). For the hottest
 * reads (a page of documents), where the ORM's per-column mapping costs more than the query itself.
 */
type RowRunner = (
  name: string,
  text: string,
  params: unknown[],
  /** A statement time-out of this statement's own (PostgreSQL; PGlite has none): past it, QUERY_CANCELED. */
  timeLimitMs?: number,
) => Promise<unknown[][]>;

const runners = new WeakMap<Db, RowRunner>();

/** openDatabase() registers how its driver runs raw statements. */
export function registerRowRunner(db: Db, runner: RowRunner): void {
  runners.set(db, runner);
}

export type RawStatement = (db: Db, values: Record<string, unknown>) => Promise<unknown[][]>;

/**
 * A statement written with the query builder (its SQL text taken once), run raw. Its placeholders are
 * filled from `values` by name; the builder's own parameters (constants) keep their values.
 */
export function rawStatement(
  name: string,
  query: { toSQL(): { sql: string; params: unknown[] } },
): RawStatement {
  const { sql: text, params } = query.toSQL();
  return (db, values) => {
    const run = runners.get(db);
    if (!run) throw new Error('This database was not opened by openDatabase().');
    return run(
      name,
      text,
      params.map((p) => (p instanceof Placeholder ? values[p.name] : p)),
    );
  };
}

/**
 * Runs SQL text without parameters (values written into it as literals) and answers its rows, optionally
 * with a time-out of its own: on PostgreSQL `set local statement_timeout` and the statement go in one
 * message (one implicit transaction, one round trip instead of begin, set, statement and commit).
 */
export function rawTextRows(db: Db, text: string, timeLimitMs?: number): Promise<unknown[][]> {
  const run = runners.get(db);
  if (!run) throw new Error('This database was not opened by openDatabase().');
  return run('', text, [], timeLimitMs);
}
