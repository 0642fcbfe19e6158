import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadRate } from '../src/http/body-to-file.ts';

/** The shared read rate of anonymous bodies (VERIFY_READ_MB_PER_SECOND), on fake time. */
describe('ReadRate', () => {
  afterEach(() => vi.useRealTimers());

  it('lets one second of bytes through at once, then holds the rest back until its time', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const rate = new ReadRate(1000);
    let second = false;
    let third = false;
    await rate.take(1000); // the burst
    void rate.take(1000).then(() => (second = true));
    void rate.take(500).then(() => (third = true));
    await vi.advanceTimersByTimeAsync(999);
    expect([second, third]).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(1);
    expect([second, third]).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(500);
    expect(third).toBe(true);
  });

  it('is shared: what one body takes, the others wait for', async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const rate = new ReadRate(100);
    const order: string[] = [];
    await rate.take(100);
    const a = rate.take(100).then(() => order.push('a'));
    const b = rate.take(100).then(() => order.push('b'));
    await vi.advanceTimersByTimeAsync(2000);
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b']);
  });
});
