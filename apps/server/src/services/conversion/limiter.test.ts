import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter.ts';

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
});
