import { eq, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/commands/sessions.ts';
import { sessions } from '../src/db/schema/index.ts';
import { settleTouches } from '../src/http/last-use.ts';
import { buildTestApp, errorOf, type TestApp, type TestUser } from './helper.ts';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'warn' }, { logLines });
});
afterAll(async () => t.close());

const A = '/api/authentication';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

interface Listed {
  id: string;
  created: string;
  updated: string;
  expires: string;
  current: boolean;
  userAgent: string | null;
  device: string;
  ip: string | null;
}

/** A second session of the same account, as if signed in from another browser. */
async function anotherSession(user: TestUser, userAgent = CHROME_LINUX, ip = '203.0.113.7') {
  const { token, row } = await createSession(t.database.db, t.clock, {
    accountId: user.accountId,
    selectedOrganizationId: user.personalOrganizationId,
    ip,
    userAgent,
  });
  return { user: { ...user, token }, id: row.id };
}

async function list(user: TestUser, kind: 'full' | 'minimal' = 'full'): Promise<Listed[]> {
  const res = await t.call(user, { method: 'GET', url: `${A}/sessions/${kind}` });
  expect(res.statusCode).toBe(200);
  return res.json().sessions;
}

const invalidate = (user: TestUser | null, id: string) =>
  t.call(user, { method: 'GET', url: `${A}/invalidate/${id}` });

describe('GET sessions/full and sessions/minimal', () => {
  it('lists the account’s live sessions, newest use first, with device, address and expiry', async () => {
    const user = await t.signUp({ setupComplete: false });
    const [own] = await t.database.db.select().from(sessions).where(eq(sessions.accountId, user.accountId));
    t.clock.advance(10 * 60_000);
    const chrome = await anotherSession(user);
    t.clock.advance(1_000);

    let listed = await list(user);
    expect(listed.map((s) => s.id)).toEqual([own?.id, chrome.id]);
    expect(listed[0]).toMatchObject({ current: true, device: 'Unknown device', ip: '127.0.0.1' });
    expect(listed[1]).toMatchObject({
      current: false,
      device: 'Chrome on Linux',
      userAgent: CHROME_LINUX,
      ip: '203.0.113.7',
    });
    for (const s of listed) {
      expect(Date.parse(s.expires) - Date.parse(s.updated)).toBe(SESSION_TTL_MS);
    }
    expect(JSON.stringify(listed)).not.toContain(user.token);
    expect(JSON.stringify(listed)).not.toContain(chrome.user.token);

    t.clock.advance(60_000);
    listed = await list(chrome.user);
    expect(listed.map((s) => [s.id, s.current])).toEqual([
      [chrome.id, true],
      [own?.id, false],
    ]);
  });

  it('answers only id, last use and current in the minimal list', async () => {
    const user = await t.signUp();
    await anotherSession(user);
    const listed = await list(user, 'minimal');
    expect(listed).toHaveLength(2);
    for (const s of listed) expect(Object.keys(s).sort()).toEqual(['current', 'id', 'updated']);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
  });

  it('leaves out ended and expired sessions and other accounts’ sessions', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const ended = await anotherSession(user);
    await t.database.db.update(sessions).set({ endedAt: t.clock.now() }).where(eq(sessions.id, ended.id));
    const stale = await anotherSession(user);
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: new Date(t.clock.now().getTime() - SESSION_TTL_MS - 1) })
      .where(eq(sessions.id, stale.id));
    await anotherSession(other);

    const ids = (await list(user)).map((s) => s.id);
    expect(ids).toHaveLength(1);
    expect(ids).not.toContain(ended.id);
    expect(ids).not.toContain(stale.id);
    expect((await list(user, 'minimal')).map((s) => s.id)).toEqual(ids);
  });

  it('refuses missing, made-up and expired sessions', async () => {
    for (const kind of ['full', 'minimal']) {
      const url = `${A}/sessions/${kind}`;
      const none = await t.call(null, { method: 'GET', url });
      expect(errorOf(none)).toMatchObject({ code: 'SESSION_INVALID' });
      expect(none.statusCode).toBe(401);
      const madeUp = await t.call(null, { method: 'GET', url, headers: { 'session-id': 'nope' } });
      expect(madeUp.statusCode).toBe(401);
      expect(errorOf(madeUp).code).toBe('SESSION_INVALID');
    }
    const user = await t.signUp();
    t.clock.advance(SESSION_TTL_MS + 1);
    const expired = await t.call(user, { method: 'GET', url: `${A}/sessions/full` });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).code).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('GET invalidate', () => {
  it('ends another session of the account, which then answers SESSION_INVALID', async () => {
    const user = await t.signUp();
    const phone = await anotherSession(user);
    const res = await invalidate(user, phone.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK' });
    expect((await list(user)).map((s) => s.id)).not.toContain(phone.id);
    const after = await t.call(phone.user, { method: 'GET', url: `${A}/accounts` });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe('SESSION_INVALID');
    const again = await invalidate(user, phone.id);
    expect(again.statusCode).toBe(404);
  });

  it('may end the current session', async () => {
    const user = await t.signUp();
    const [current] = await list(user);
    expect(current?.current).toBe(true);
    const res = await invalidate(user, current?.id ?? '');
    expect(res.statusCode).toBe(200);
    const after = await t.call(user, { method: 'GET', url: `${A}/sessions/full` });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe('SESSION_INVALID');
  });

  it('answers NOT_FOUND for another account’s session or an unknown id, and leaves it running', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const [theirs] = await list(other);
    for (const id of [theirs?.id ?? '', '00000000-0000-4000-8000-000000000000']) {
      const res = await invalidate(user, id);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
    expect((await t.call(other, { method: 'GET', url: `${A}/accounts` })).statusCode).toBe(200);
  });

  it('answers 400 for a malformed id', async () => {
    const user = await t.signUp();
    const res = await invalidate(user, 'not-a-session');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: 'Must be a valid id.' } });
  });

  it('refuses missing, made-up and expired sessions', async () => {
    const user = await t.signUp();
    const phone = await anotherSession(user);
    const none = await invalidate(null, phone.id);
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).code).toBe('SESSION_INVALID');
    const madeUp = await t.call(null, {
      method: 'GET',
      url: `${A}/invalidate/${phone.id}`,
      headers: { 'session-id': 'nope' },
    });
    expect(errorOf(madeUp).code).toBe('SESSION_INVALID');
    t.clock.advance(SESSION_TTL_MS + 1);
    const expired = await invalidate(user, phone.id);
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).code).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('touching a session (its idle expiry counts from the last touch)', () => {
  it('writes the row once for a burst of calls that find it due, and not again within 30 s', async () => {
    const user = await t.signUp();
    const db = t.database.db;
    // Counts the session rows really written (a row trigger does not fire for an update that matched none).
    await db.execute(sql`create table touch_log (session_id uuid)`);
    await db.execute(sql`create function log_touch() returns trigger language plpgsql as $$
      begin insert into touch_log values (new.id); return null; end $$`);
    await db.execute(sql`create trigger sessions_touch_log after update on sessions
      for each row execute function log_touch()`);
    try {
      const burst = async () => {
        const replies = await Promise.all(
          Array.from({ length: 10 }, () => t.call(user, { method: 'GET', url: `${A}/sessions/minimal` })),
        );
        for (const res of replies) expect(res.statusCode, res.body).toBe(200);
      };
      const writes = async () => {
        // The touch does not hold the call that made it.
        await settleTouches();
        return Number(
          ((await db.execute(sql`select count(*) as n from touch_log`)) as { rows: { n: unknown }[] }).rows[0]
            ?.n,
        );
      };
      t.clock.advance(31_000);
      await burst();
      expect(await writes()).toBe(1);
      t.clock.advance(20_000);
      await burst();
      expect(await writes()).toBe(1);
      t.clock.advance(11_000);
      await burst();
      expect(await writes()).toBe(2);
    } finally {
      await db.execute(sql`drop trigger sessions_touch_log on sessions`);
      await db.execute(sql`drop function log_touch()`);
      await db.execute(sql`drop table touch_log`);
    }
  });

  it('neither holds nor fails the call when the touch fails, and logs it', async () => {
    const user = await t.signUp();
    const db = t.database.db;
    await db.execute(sql`create function refuse_touch() returns trigger language plpgsql as $$
      begin raise exception 'touch refused'; end $$`);
    await db.execute(sql`create trigger sessions_refuse_touch before update on sessions
      for each row execute function refuse_touch()`);
    try {
      t.clock.advance(31_000);
      const res = await t.call(user, { method: 'GET', url: `${A}/sessions/minimal` });
      expect(res.statusCode, res.body).toBe(200);
      await settleTouches();
      const logged = logLines.filter((line) => line.includes('could not be recorded'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('touch refused');
    } finally {
      await db.execute(sql`drop trigger sessions_refuse_touch on sessions`);
      await db.execute(sql`drop function refuse_touch()`);
    }
  });
});
