import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, snapshot, testDbKind } from './db.ts';

describe('each test file’s database', () => {
  it('starts migrated and empty; on PGlite, from the run’s migrated copy', async () => {
    if (testDbKind === 'pglite') expect(snapshot()?.size).toBeGreaterThan(1_000_000);
    else expect(snapshot()).toBeUndefined();
    const database = await openTestDatabase();
    try {
      const count = async (query: SQL) =>
        ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
      expect(
        await count(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`),
      ).toBeGreaterThan(20);
      expect(await count(sql`select count(*)::int as n from accounts`)).toBe(0);
    } finally {
      await database.close();
    }
  });
});
