// The search window's start (search/window.ts windowStart, issue #32): read once per process when due, a known
// start answering while it is read again, so searches that arrive together neither each read it nor wait.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { registerRowRunner } from '../src/db/raw-rows.ts';
import { windowStart } from '../src/queries/documents/search/window.ts';

/** A database whose every statement waits for the test to answer it. */
function heldDatabase() {
  const db = {} as Db;
  const asked: { text: string; answer(rows: unknown[][]): void; fail(error: Error): void }[] = [];
  registerRowRunner(
    db,
    (_name, text) =>
      new Promise((answer, fail) => {
        asked.push({ text, answer, fail });
      }),
  );
  return { db, asked };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.useRealTimers());

describe('the search window’s start', () => {
  it('is read once for searches that arrive together, then kept a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { db, asked } = heldDatabase();
    const org = crypto.randomUUID();
    const first = Promise.all([windowStart(db, org), windowStart(db, org), windowStart(db, org)]);
    await flush();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.text).toContain(`offset 4999 limit 1`);
    // Of live rows only (migration 0053: deleted ones left no match in the window).
    expect(asked[0]?.text).toContain(`state < 100`);
    asked[0]?.answer([['2026-11-30 10:00:00+00']]);
    expect(await first).toEqual([
      '2026-11-30 10:00:00+00',
      '2026-11-30 10:00:00+00',
      '2026-11-30 10:00:00+00',
    ]);

    vi.setSystemTime(Date.now() + 59_000);
    expect(await windowStart(db, org)).toBe('2026-11-30 10:00:00+00');
    expect(asked).toHaveLength(1);
  });

  it('answers the known start at once while it is read again, and the new one after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { db, asked } = heldDatabase();
    const org = crypto.randomUUID();
    const known = windowStart(db, org);
    await flush();
    asked[0]?.answer([['2026-11-30 10:00:00+00']]);
    await known;

    vi.setSystemTime(Date.now() + 61_000);
    // The reading under way does not hold these searches (the database has not answered it).
    expect(await Promise.all([windowStart(db, org), windowStart(db, org)])).toEqual([
      '2026-11-30 10:00:00+00',
      '2026-11-30 10:00:00+00',
    ]);
    await flush();
    expect(asked).toHaveLength(2);
    asked[1]?.answer([]);
    await flush();
    // Fewer rows than the window: no start.
    expect(await windowStart(db, org)).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('reads it again after a failed reading, which only the first search of the organization sees', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { db, asked } = heldDatabase();
    const org = crypto.randomUUID();
    const unknown = windowStart(db, org);
    await flush();
    asked[0]?.fail(new Error('connection lost'));
    await expect(unknown).rejects.toThrow('connection lost');

    const again = windowStart(db, org);
    await flush();
    expect(asked).toHaveLength(2);
    asked[1]?.answer([['2026-11-30 10:00:00+00']]);
    expect(await again).toBe('2026-11-30 10:00:00+00');

    // Known: a failed reading is nobody's to see (no unhandled rejection), and the next search reads again.
    vi.setSystemTime(Date.now() + 61_000);
    expect(await windowStart(db, org)).toBe('2026-11-30 10:00:00+00');
    await flush();
    asked[2]?.fail(new Error('connection lost'));
    await flush();
    expect(await windowStart(db, org)).toBe('2026-11-30 10:00:00+00');
    await flush();
    expect(asked).toHaveLength(4);
  });
});
