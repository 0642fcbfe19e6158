import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, changed, historyOf, newGesture, redone, replaced, undone } from './history';

describe('the fields editor history', () => {
  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let h = historyOf(0);
    for (let i = 1; i <= HISTORY_LIMIT + 5; i++) h = changed(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h = undone(h);
    expect(h.present).toBe(5); // the oldest kept; the first five steps are gone
  });

  it('makes one step of a gesture, unless something else came between', () => {
    const drag = newGesture();
    let h = changed(changed(changed(historyOf('a'), 'b', drag), 'c', drag), 'd', drag);
    expect(h.past).toEqual(['a']);
    h = changed(changed(h, 'e'), 'f', drag);
    expect(h.past).toEqual(['a', 'd', 'e']);
    h = undone(h);
    expect(changed(h, 'g', drag).past).toEqual(['a', 'd', 'e']); // after an undo, a new step
  });

  it('redoes until a new change; a value unchanged is no step; a replaced present keeps the steps', () => {
    let h = undone(undone(changed(changed(historyOf(1), 2), 3)));
    expect(h.present).toBe(1);
    h = redone(h);
    expect([h.present, h.future]).toEqual([2, [3]]);
    expect(changed(h, h.present)).toBe(h);
    expect(changed(h, 9).future).toEqual([]);
    const saved = replaced(h, 20);
    expect([saved.past, saved.present, saved.future]).toEqual([[1], 20, [3]]);
  });
});
