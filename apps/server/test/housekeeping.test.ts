import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEKEEPING_JOB, SESSION_RETENTION_MS } from '../src/commands/housekeeping.ts';
import { rateLimits, sessions } from '../src/db/schema/index.ts';
import { enqueueJob } from '../src/services/jobs/index.ts';
import { buildTestApp, type TestApp, type TestUser } from './helper.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  // Only drain() runs the job: an app's own worker could take it first and still be running it when drain()
  // returns (seen on a loaded machine: a window due for pruning was still there).
  t = await buildTestApp({ JOBS_WORKER: 'false' });
  user = await t.signUp();
});
afterAll(async () => t.close());

const DAY = 24 * 3600_000;

async function housekeeping(): Promise<void> {
  await enqueueJob(t.database.db, HOUSEKEEPING_JOB, {}, { runAt: t.clock.now() });
  await t.app.jobs.drain({ kinds: [HOUSEKEEPING_JOB] });
}

async function session(opts: { lastUsedAgo: number; endedAgo?: number }): Promise<string> {
  const now = t.clock.now().getTime();
  const [row] = await t.database.db
    .insert(sessions)
    .values({
      tokenHash: randomUUID(),
      accountId: user.accountId,
      selectedOrganizationId: null,
      createdAt: new Date(now - opts.lastUsedAgo),
      lastUsedAt: new Date(now - opts.lastUsedAgo),
      endedAt: opts.endedAgo === undefined ? null : new Date(now - opts.endedAgo),
    })
    .returning({ id: sessions.id });
  return row!.id;
}

const sessionIds = async () =>
  new Set((await t.database.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id));

describe('housekeeping (periodic job)', () => {
  it('prunes sessions that ended or went idle more than the retention ago, and keeps the rest', async () => {
    const oldEnded = await session({ lastUsedAgo: 40 * DAY, endedAgo: SESSION_RETENTION_MS + DAY });
    const oldIdle = await session({ lastUsedAgo: SESSION_RETENTION_MS + DAY });
    const recentEnded = await session({ lastUsedAgo: 2 * DAY, endedAgo: DAY });
    const recentIdle = await session({ lastUsedAgo: 3 * DAY });
    const live = await session({ lastUsedAgo: 60_000 });
    await housekeeping();
    const left = await sessionIds();
    expect(left.has(oldEnded)).toBe(false);
    expect(left.has(oldIdle)).toBe(false);
    for (const kept of [recentEnded, recentIdle, live]) expect(left.has(kept)).toBe(true);
    // The signed-up user's own session is untouched and still works.
    expect(
      (await t.call(user, { method: 'GET', url: '/api/authentication/sessions/minimal' })).statusCode,
    ).toBe(200);
  });

  it('prunes rate-limit windows that ended more than an hour ago', async () => {
    const now = t.clock.now().getTime();
    const insert = (key: string, resetAgo: number) =>
      t.database.db.insert(rateLimits).values({ key, count: 1, resetAt: new Date(now - resetAgo) });
    await insert('test:old', 2 * 3600_000);
    await insert('test:recent', 10 * 60_000);
    await housekeeping();
    const keys = await t.database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, 'test:%'));
    expect(keys.map((r) => r.key)).toEqual(['test:recent']);
  });
});
