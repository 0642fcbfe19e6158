import { describe, expect, it } from 'vitest';
import { CONTEXT_CHARS, compareTexts } from '../src/services/text/compare.ts';

describe('comparing two versions’ text', () => {
  it('shows a changed word inside a line as that word', () => {
    expect(compareTexts('Rent 950 euros.\nSecond line\n', 'Rent 990 euros.\nSecond line\n')).toEqual([
      { op: 'same', text: 'Rent ' },
      { op: 'removed', text: '950' },
      { op: 'added', text: '990' },
      { op: 'same', text: ' euros.\nSecond line\n' },
    ]);
  });

  it('leaves out long unchanged stretches, keeping context around each change', () => {
    const long = Array.from({ length: 200 }, (_, i) => `Line ${i} of the lease.`).join('\n');
    const changes = compareTexts(`${long}\nOld ending\n`, `${long}\nNew ending\n`) ?? [];
    const skipped = changes.find((c) => c.op === 'skipped');
    expect(skipped?.length).toBe(long.length + 1 - CONTEXT_CHARS);
    expect(changes[0]).toEqual(skipped);
    const kept = changes.filter((c) => c.op === 'same').map((c) => c.text);
    expect(kept[0]).toHaveLength(CONTEXT_CHARS);
    expect(kept[1]).toBe(' ending\n');
    expect(changes.filter((c) => c.op !== 'same' && c.op !== 'skipped')).toEqual([
      { op: 'removed', text: 'Old' },
      { op: 'added', text: 'New' },
    ]);
  });

  it('gives up on texts that differ in too many places', () => {
    const a = Array.from({ length: 9000 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 9000 }, (_, i) => `b${i}`).join('\n');
    expect(compareTexts(a, b)).toBeNull();
    expect(compareTexts('', '')).toEqual([]);
  });
});
