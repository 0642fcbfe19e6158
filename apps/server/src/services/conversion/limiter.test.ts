import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter.ts';
import { AUTO_SLOTS, allowedSlots } from './slots.ts';

/** A task that runs until released; records its start. */
function gate(started: string[], label: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { task: () => (started.push(label), done), release };
}

describe('Limiter', () => {
  it("hands a free slot to the tenant with the fewest running tasks, so B's one task passes A's queue", async () => {
    const started: string[] = [];
    const limiter = new Limiter(1);
    const a = ['a0', 'a1', 'a2'].map((l) => gate(started, l));
    const b0 = gate(started, 'b0');
    const runs = a.map((g) => limiter.run(g.task, 'A'));
    runs.push(limiter.run(b0.task, 'B'));
    await Promise.resolve();
    expect(started).toEqual(['a0']);
    a[0]!.release();
    await runs[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a0', 'b0']);
    b0.release();
    a[1]!.release();
    a[2]!.release();
    await Promise.all(runs);
    expect(started).toEqual(['a0', 'b0', 'a1', 'a2']);
  });

  it('never runs more than its limit at once', async () => {
    const limiter = new Limiter(2);
    let active = 0;
    let peak = 0;
    const task = async () => {
      peak = Math.max(peak, ++active);
      await new Promise((r) => setImmediate(r));
      active--;
    };
    await Promise.all(Array.from({ length: 8 }, (_, i) => limiter.run(task, `t${i % 3}`)));
    expect(peak).toBe(2);
  });

  it('never runs more than perKey of one tenant, and gives the other slot to another tenant', async () => {
    const started: string[] = [];
    const limiter = new Limiter({ limit: 2, perKey: 1 });
    const a = ['a0', 'a1', 'a2'].map((l) => gate(started, l));
    const b0 = gate(started, 'b0');
    const runs = a.map((g) => limiter.run(g.task, 'A'));
    await Promise.resolve();
    expect(started).toEqual(['a0']);
    expect(limiter.stats()).toEqual({ running: 1, waiting: 2, byKey: { A: { running: 1, waiting: 2 } } });
    runs.push(limiter.run(b0.task, 'B'));
    await Promise.resolve();
    expect(started).toEqual(['a0', 'b0']);
    a[0]!.release();
    await runs[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a0', 'b0', 'a1']);
    b0.release();
    a[1]!.release();
    a[2]!.release();
    await Promise.all(runs);
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0, byKey: {} });
  });

  it('asks a changing limit each time, and always runs one task', async () => {
    const started: string[] = [];
    let limit = 0;
    const limiter = new Limiter({ limit: () => limit, recheckMs: 5 });
    const [x, y] = [gate(started, 'x'), gate(started, 'y')];
    const runs = [limiter.run(x.task, 'X'), limiter.run(y.task, 'Y')];
    await Promise.resolve();
    expect(started).toEqual(['x']);
    limit = 2;
    // Memory freed while x runs: y starts without waiting for x.
    await expect.poll(() => started).toEqual(['x', 'y']);
    x.release();
    y.release();
    await Promise.all(runs);
  });
});

describe('the slot rule (CONVERSION_SLOTS)', () => {
  const GiB = 1024 ** 3;
  const limit = 2 * GiB;
  it('auto: a second slot only with 4 GiB of memory and a whole converter limit free', () => {
    expect(AUTO_SLOTS.max).toBe(2);
    expect(allowedSlots('auto', limit, { total: 16 * GiB, free: 8 * GiB })).toBe(2);
    expect(allowedSlots('auto', limit, { total: 16 * GiB, free: 2 * GiB })).toBe(2);
    expect(allowedSlots('auto', limit, { total: 16 * GiB, free: 2 * GiB - 1 })).toBe(1);
    expect(allowedSlots('auto', limit, { total: 4 * GiB - 1, free: 3.5 * GiB })).toBe(1);
    expect(allowedSlots('auto', 512 * 1024 ** 2, { total: 4 * GiB, free: 1 * GiB })).toBe(2);
  });
  it('a number is kept whatever the memory', () => {
    expect(allowedSlots(1, limit, { total: 64 * GiB, free: 60 * GiB })).toBe(1);
    expect(allowedSlots(3, limit, { total: 1 * GiB, free: 0 })).toBe(3);
  });
});
