import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp } from './helper.ts';

/**
 * Waits until the app's change feed has delivered every change committed before the call: a tag of the test's
 * own is noted in the database as a write notes its changes (migration 0045), and once the reply cache has
 * heard it, so has it what was noted before (the feed delivers in commit order). A test that counts the
 * caches' hits calls it after its setup's writes, whose notifications would otherwise drop what it reads
 * whenever they arrive (on PostgreSQL, up to a relay's 100 ms later; more on a loaded machine).
 */
export async function changesHeard(t: TestApp): Promise<void> {
  const tag = `test:${randomUUID()}`;
  await t.database.db.execute(sql`select sinetti_note_change(${tag})`);
  const deadline = Date.now() + 30_000;
  while (!t.app.ctx.replies.heard(tag)) {
    if (Date.now() > deadline) throw new Error('The change feed did not deliver a noted change in 30 s.');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
