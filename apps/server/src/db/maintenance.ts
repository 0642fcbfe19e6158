// Statistics and vacuum for the embedded database (issue #32; docs/decisions.md "The embedded database's
// autovacuum"). PGlite runs one backend and no autovacuum workers: its tables were never analyzed, and
// PostgreSQL's planner, with no statistics, planned searches for a table of a few rows. At 20,000 documents a
// search of a rare word cost 486 ms of CPU where the same data analyzed costs 6.5 ms, and the dashboard's calls
// answered 503 behind them. A periodic job does here what autovacuum does on PostgreSQL, with its default
// thresholds.
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export const EMBEDDED_MAINTENANCE_JOB = 'db.embedded-maintenance';
/** How often the job looks at the tables' counters (autovacuum's naptime is a minute; a look costs a read). */
export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 5 * 60_000;

/** A table's counters, as pg_stat_user_tables and pg_class keep them. */
export interface TableCounters {
  table: string;
  /** Rows at the last vacuum or analyze; -1 before the first. */
  reltuples: number;
  deadRows: number;
  changedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

export interface TableWork {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * PostgreSQL's autovacuum defaults (autovacuum_{analyze,vacuum,vacuum_insert}_{threshold,scale_factor}): a table is
 * analyzed once more rows changed than 50 + 10 % of it, vacuumed once more are dead than 50 + 20 %, or more were
 * inserted than 1,000 + 20 % (the visibility map that index-only scans read).
 */
const ANALYZE = { base: 50, share: 0.1 };
const VACUUM = { base: 50, share: 0.2 };
const INSERT_VACUUM = { base: 1000, share: 0.2 };

const over = (count: number, rows: number, { base, share }: { base: number; share: number }) =>
  count > base + share * rows;

/** The tables due for a vacuum or an analyze, as autovacuum would find them. */
export function dueWork(tables: TableCounters[]): TableWork[] {
  return tables
    .map((t) => {
      const rows = Math.max(0, t.reltuples);
      return {
        table: t.table,
        vacuum: over(t.deadRows, rows, VACUUM) || over(t.insertedSinceVacuum, rows, INSERT_VACUUM),
        analyze: over(t.changedSinceAnalyze, rows, ANALYZE),
      };
    })
    .filter((w) => w.vacuum || w.analyze);
}

type Rows<T> = { rows: T[] };

async function counters(db: Db): Promise<TableCounters[]> {
  // A backend reports its counts at most once a second: this statement's end reports what is pending.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute(sql`
    select s.relname as "table", c.reltuples::float8 as reltuples, s.n_dead_tup::float8 as "deadRows",
           s.n_mod_since_analyze::float8 as "changedSinceAnalyze",
           s.n_ins_since_vacuum::float8 as "insertedSinceVacuum"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'`)) as unknown as Rows<TableCounters>;
  return result.rows.map((r) => ({
    table: String(r.table),
    reltuples: Number(r.reltuples),
    deadRows: Number(r.deadRows),
    changedSinceAnalyze: Number(r.changedSinceAnalyze),
    insertedSinceVacuum: Number(r.insertedSinceVacuum),
  }));
}

/** Quotes a table name read from the catalog as an SQL identifier. */
const identifier = (name: string) => `"public"."${name.replaceAll('"', '""')}"`;

/**
 * Vacuums and analyzes the tables due (dueWork), one at a time (the embedded database runs one statement at a
 * time: requests wait meanwhile, as they wait for any other statement), and answers what it did.
 */
export async function maintainTables(db: Db): Promise<TableWork[]> {
  const work = dueWork(await counters(db));
  for (const { table, vacuum, analyze } of work) {
    const statement = vacuum ? `vacuum${analyze ? ' (analyze)' : ''}` : 'analyze';
    await db.execute(sql.raw(`${statement} ${identifier(table)}`));
  }
  return work;
}
