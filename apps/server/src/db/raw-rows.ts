import { Placeholder } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs a statement and answers its rows as arrays of values as the driver gives them: raw text on
 * PostgreSQL, parsed values on PGlite (callers read text columns and turn counts into numbers). For the hottest
 * reads (a page of documents), where the ORM's per-column mapping costs more than the query itself.
 */
type RowRunner = (name: string, text: string, params: unknown[]) => Promise<unknown[][]>;

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
