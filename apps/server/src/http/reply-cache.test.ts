import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPLIES_PER_SESSION, REPLY_CACHE_TTL_MS, ReplyCache, replyTags, sessionTag } from './reply-cache.ts';

const reply = (body: string) => ({ body, type: 'application/json' });
const never = () => false;
const tags = (org: string, account: string, session: string) => replyTags(org, account, sessionTag(session));

function liveCache(maxBytes = 1_000_000): ReplyCache {
  const cache = new ReplyCache(maxBytes);
  cache.live(true);
  return cache;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReplyCache', () => {
  it('keeps and answers nothing until its change feed is live, and drops everything when it is lost', () => {
    const cache = new ReplyCache(1_000_000);
    expect(cache.enabled).toBe(false);
    cache.set('k', reply('{"a":1}'), tags('o1', 'a1', 's1'), cache.mark(), 0);
    expect(cache.get('k', 0)).toBeUndefined();

    cache.live(true);
    cache.set('k', reply('{"a":1}'), tags('o1', 'a1', 's1'), cache.mark(), 0);
    expect(cache.get('k', 0)?.body).toBe('{"a":1}');

    cache.live(false);
    expect(cache.get('k', 0)).toBeUndefined();
    cache.live(true);
    // What changed while the feed was lost is unknown: nothing from before comes back.
    expect(cache.get('k', 0)).toBeUndefined();
    expect(cache.stats.entries).toBe(0);
  });

  it('a size of 0 keeps nothing even while live', () => {
    const cache = liveCache(0);
    expect(cache.enabled).toBe(false);
    cache.set('k', reply('{}'), tags('o1', 'a1', 's1'), cache.mark(), 0);
    expect(cache.get('k', 0)).toBeUndefined();
  });

  it('drops the replies of a notified organization, account or session, and only those', () => {
    const cache = liveCache();
    cache.set('owner', reply('1'), tags('o1', 'a1', 's1'), cache.mark(), 0);
    cache.set('member', reply('2'), tags('o1', 'a2', 's2'), cache.mark(), 0);
    cache.set('elsewhere', reply('3'), tags('o2', 'a3', 's3'), cache.mark(), 0);
    cache.set('other session', reply('4'), tags('o2', 'a2', 's4'), cache.mark(), 0);

    cache.change('o:o1');
    expect(cache.get('owner', 0)).toBeUndefined();
    expect(cache.get('member', 0)).toBeUndefined();
    expect(cache.get('elsewhere', 0)?.body).toBe('3');
    expect(cache.get('other session', 0)?.body).toBe('4');

    cache.invalidate(sessionTag('s3'));
    expect(cache.get('elsewhere', 0)).toBeUndefined();
    expect(cache.get('other session', 0)?.body).toBe('4');

    cache.change('a:a2');
    expect(cache.get('other session', 0)).toBeUndefined();
    expect(cache.stats).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('does not keep a reply whose read overlapped a change of its organization, account or session', () => {
    const cache = liveCache();
    for (const changed of ['o:o1', 'a:a1', sessionTag('s1')]) {
      const mark = cache.mark();
      cache.change(changed);
      cache.set('k', reply('stale?'), tags('o1', 'a1', 's1'), mark, 0);
      expect(cache.get('k', 0), changed).toBeUndefined();
    }
    // Another organization's change, or another session's write, does not stop it being kept.
    const mark = cache.mark();
    cache.change('o:o2');
    cache.invalidate(sessionTag('s2'));
    cache.set('k', reply('fresh'), tags('o1', 'a1', 's1'), mark, 0);
    expect(cache.get('k', 0)?.body).toBe('fresh');

    // Nor is a read kept that started before the feed was lost and found again.
    const before = cache.mark();
    cache.live(false);
    cache.live(true);
    cache.set('k2', reply('from before'), tags('o3', 'a3', 's3'), before, 0);
    expect(cache.get('k2', 0)).toBeUndefined();
  });

  it('does not keep a read that took longer than any statement may', () => {
    const cache = liveCache();
    const mark = cache.mark();
    vi.spyOn(performance, 'now').mockReturnValue(mark.at + 60_000);
    cache.set('k', reply('slow'), tags('o1', 'a1', 's1'), mark, 0);
    expect(cache.stats.entries).toBe(0);
  });

  it(`keeps at most ${REPLIES_PER_SESSION} replies of one session, its oldest going first`, () => {
    const cache = liveCache();
    cache.set('other', reply('o'), tags('o1', 'a2', 's2'), cache.mark(), 0);
    for (let i = 0; i < REPLIES_PER_SESSION + 5; i++) {
      cache.set(`page ${i}`, reply(String(i)), tags('o1', 'a1', 's1'), cache.mark(), 0);
    }
    expect(cache.stats.entries).toBe(REPLIES_PER_SESSION + 1);
    expect(cache.get('page 0', 0)).toBeUndefined();
    expect(cache.get('page 4', 0)).toBeUndefined();
    expect(cache.get('page 5', 0)?.body).toBe('5');
    expect(cache.get('other', 0)?.body).toBe('o');
  });

  it('forgets a reply after its time on the app clock or on the process clock', () => {
    const cache = liveCache();
    cache.set('k', reply('1'), tags('o1', 'a1', 's1'), cache.mark(), 1_000);
    expect(cache.get('k', 1_000 + REPLY_CACHE_TTL_MS)?.body).toBe('1');
    expect(cache.get('k', 1_001 + REPLY_CACHE_TTL_MS)).toBeUndefined();

    const start = performance.now();
    cache.set('k', reply('2'), tags('o1', 'a1', 's1'), cache.mark(), 0);
    vi.spyOn(performance, 'now').mockReturnValue(start + REPLY_CACHE_TTL_MS + 1_000);
    expect(cache.get('k', 0)).toBeUndefined();
    expect(cache.stats.entries).toBe(0);
  });

  it('stays within its bytes, least recently used first, and does not keep a reply too large for it', () => {
    const body = 'x'.repeat(1_000);
    const cache = liveCache(50_000);
    for (let i = 0; i < 30; i++) {
      cache.set(`k${i}`, reply(body), tags('o1', 'a1', 's1'), cache.mark(), 0);
      // k0 is read after every set: it stays, the least recently used go.
      expect(cache.get('k0', 0)?.body).toBe(body);
    }
    expect(cache.stats.bytes).toBeLessThanOrEqual(50_000);
    expect(cache.stats.entries).toBeLessThan(30);
    expect(cache.get('k1', 0)).toBeUndefined();
    expect(cache.get('k29', 0)?.body).toBe(body);

    cache.set('huge', reply('y'.repeat(10_000)), tags('o1', 'a1', 's1'), cache.mark(), 0);
    expect(cache.get('huge', 0)).toBeUndefined();
  });

  it('a reply kept again under the same key replaces the old one and its tags', () => {
    const cache = liveCache();
    cache.set('k', reply('1'), tags('o1', 'a1', 's1'), cache.mark(), 0);
    cache.set('k', reply('2'), tags('o2', 'a1', 's1'), cache.mark(), 0);
    cache.change('o:o1');
    expect(cache.get('k', 0)?.body).toBe('2');
    cache.change('o:o2');
    expect(cache.get('k', 0)).toBeUndefined();
    expect(cache.stats).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('a miss while a read of the same key runs waits for it and answers its reply (single flight)', async () => {
    const cache = liveCache();
    const now = () => 0;
    expect(await cache.getOrAwait('k', now, never)).toBeUndefined();
    const mark = cache.mark();
    const landed = cache.begin('k');
    // A second begin() while the first runs is no flight of its own.
    cache.begin('k')();
    const waiters = Promise.all([cache.getOrAwait('k', now, never), cache.getOrAwait('k', now, never)]);
    cache.set('k', reply('{"n":1}'), tags('o1', 'a1', 's1'), mark, 0);
    landed();
    expect((await waiters).map((r) => r?.body)).toEqual(['{"n":1}', '{"n":1}']);
    expect(cache.stats.coalesced).toBe(2);
    // The flight is over: a later miss does not wait.
    cache.change('o:o1');
    expect(await cache.getOrAwait('k', now, never)).toBeUndefined();
  });

  it("waiters read for themselves when the flight's reply was not kept (a change during it, or a failure)", async () => {
    const cache = liveCache();
    const now = () => 0;
    const mark = cache.mark();
    const landed = cache.begin('k');
    const waiter = cache.getOrAwait('k', now, never);
    // The organization changed while the read ran: what it read may be older than what the waiter must see.
    cache.change('o:o1');
    cache.set('k', reply('old'), tags('o1', 'a1', 's1'), mark, 0);
    landed();
    expect(await waiter).toBeUndefined();

    const failed = cache.begin('k');
    const next = cache.getOrAwait('k', now, never);
    failed({ failure: new Error('a bad input') });
    expect(await next).toBeUndefined();
    expect(cache.stats.coalesced).toBe(0);
  });

  it("waiters fail with the flight's failure when it is one they share (the database busy)", async () => {
    const cache = liveCache();
    const busy = Object.assign(new Error('busy'), { code: 'BUSY' });
    const shared = (failure: unknown) => (failure as { code?: string }).code === 'BUSY';
    const landed = cache.begin('k');
    const waiter = cache.getOrAwait('k', () => 0, shared);
    landed({ failure: busy });
    await expect(waiter).rejects.toBe(busy);
  });

  it('does not run flights while disabled', async () => {
    const cache = new ReplyCache(1_000_000);
    const landed = cache.begin('k');
    let settled = false;
    void cache.getOrAwait('k', () => 0, never).then(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(true);
    landed();
  });
});
