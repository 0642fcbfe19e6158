// The embedded database's vacuum and statistics (db/maintenance.ts): PGlite runs no autovacuum, so a periodic job
// does its work with its thresholds. Without statistics, searches at 20,000 documents cost 75 times the CPU.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import {
  dueWork,
  EMBEDDED_MAINTENANCE_INTERVAL_MS,
  EMBEDDED_MAINTENANCE_JOB,
  maintainTables,
  type TableCounters,
} from '../src/db/maintenance.ts';
import { snapshot } from './db.ts';
import { buildTestApp, type TestApp } from './helper.ts';

const table = (counters: Partial<TableCounters>): TableCounters => ({
  table: 't',
  reltuples: -1,
  deadRows: 0,
  changedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
  ...counters,
});

describe('dueWork (autovacuum’s default thresholds)', () => {
  it('analyzes past 50 + 10 % changed rows, a never analyzed table past 50', () => {
    expect(dueWork([table({ changedSinceAnalyze: 50 })])).toEqual([]);
    expect(dueWork([table({ changedSinceAnalyze: 51 })])).toEqual([
      { table: 't', vacuum: false, analyze: true },
    ]);
    expect(dueWork([table({ reltuples: 10_000, changedSinceAnalyze: 1_050 })])).toEqual([]);
    expect(dueWork([table({ reltuples: 10_000, changedSinceAnalyze: 1_051 })])).toEqual([
      { table: 't', vacuum: false, analyze: true },
    ]);
  });

  it('vacuums past 50 + 20 % dead rows or 1,000 + 20 % inserted ones', () => {
    expect(dueWork([table({ reltuples: 1_000, deadRows: 250 })])).toEqual([]);
    expect(dueWork([table({ reltuples: 1_000, deadRows: 251 })])).toEqual([
      { table: 't', vacuum: true, analyze: false },
    ]);
    expect(dueWork([table({ reltuples: 1_000, insertedSinceVacuum: 1_200 })])).toEqual([]);
    expect(
      dueWork([table({ reltuples: 1_000, insertedSinceVacuum: 1_201, changedSinceAnalyze: 1_201 })]),
    ).toEqual([{ table: 't', vacuum: true, analyze: true }]);
  });
});

describe('maintainTables on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', snapshot: snapshot() });
  });
  afterAll(async () => database.close());

  const estimate = async (where: string) => {
    const plan = (await database.db.execute(
      sql.raw(`explain select * from "maintenance probe" where ${where}`),
    )) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    return Number(/rows=(\d+)/.exec(plan.rows[0]?.['QUERY PLAN'] ?? '')?.[1]);
  };
  const lastRuns = async () => {
    const r = (await database.db.execute(sql`
      select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
      from pg_stat_user_tables where relname = 'maintenance probe'`)) as unknown as {
      rows: { vacuumed: boolean; analyzed: boolean }[];
    };
    return r.rows[0];
  };

  it('vacuums and analyzes a table past the thresholds, then leaves it until it changes again', async () => {
    // A name that needs quoting: the tables' names are read from the catalog and written as identifiers.
    await database.db.execute(sql`create table "maintenance probe" (a int)`);
    await database.db.execute(sql`insert into "maintenance probe" select generate_series(1, 3000)`);
    // Never analyzed, the planner guesses a third of the rows for a range.
    expect(await estimate('a <= 30')).toBeGreaterThan(300);
    expect(await lastRuns()).toEqual({ vacuumed: false, analyzed: false });

    const done = await maintainTables(database.db);
    expect(done).toContainEqual({ table: 'maintenance probe', vacuum: true, analyze: true });
    expect(await lastRuns()).toEqual({ vacuumed: true, analyzed: true });
    const rows = await estimate('a <= 30');
    expect(rows).toBeGreaterThanOrEqual(20);
    expect(rows).toBeLessThanOrEqual(45);

    expect((await maintainTables(database.db)).map((w) => w.table)).not.toContain('maintenance probe');
  });
});

describe('the maintenance job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('is registered on the embedded database only (PostgreSQL runs autovacuum), and analyzes there', async () => {
    const handler = t.app.jobs.registry.get(EMBEDDED_MAINTENANCE_JOB);
    expect(t.app.jobs.registry.periodic.get(EMBEDDED_MAINTENANCE_JOB)).toBe(
      t.database.kind === 'pglite' ? EMBEDDED_MAINTENANCE_INTERVAL_MS : undefined,
    );
    expect(handler !== undefined).toBe(t.database.kind === 'pglite');
    if (!handler) return;
    await t.database.db.execute(sql`
      insert into rate_limits (key, count, reset_at) select 'probe ' || i, 1, now() from generate_series(1, 100) i`);
    const analyzed = async () => {
      const r = (await t.database.db.execute(sql`
        select last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'rate_limits'`)) as unknown as {
        rows: { analyzed: boolean }[];
      };
      return r.rows[0]?.analyzed;
    };
    expect(await analyzed()).toBe(false);
    const job = {
      id: crypto.randomUUID(),
      kind: EMBEDDED_MAINTENANCE_JOB,
      payload: {},
      attempts: 1,
      maxAttempts: 1,
    };
    await handler.run(job, { ...t.app.ctx, signal: new AbortController().signal });
    expect(await analyzed()).toBe(true);
  });
});
