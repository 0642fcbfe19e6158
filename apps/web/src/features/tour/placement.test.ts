import { describe, expect, it } from 'vitest';
import { placePopup } from './placement';

const box = (left: number, top: number, width: number, height: number) =>
  ({ left, top, width, height, right: left + width, bottom: top + height }) as DOMRect;

describe('tour popup placement', () => {
  it('goes to the right of the highlighted element when there is room', () => {
    expect(placePopup(box(16, 80, 240, 40), 200, { width: 1280, height: 800 })).toEqual({
      left: 268,
      top: 80,
      width: 340,
    });
  });

  it('goes below it on a phone, inside the viewport', () => {
    const p = placePopup(box(16, 80, 240, 40), 200, { width: 390, height: 844 });
    expect(p).toEqual({ left: 16, top: 132, width: 340 });
  });

  it('stays on screen beside a target that is still sliding in from the left', () => {
    expect(placePopup(box(-300, 80, 280, 40), 200, { width: 390, height: 844 }).left).toBe(12);
  });

  it('goes above it when below does not fit', () => {
    const p = placePopup(box(16, 700, 240, 40), 200, { width: 390, height: 844 });
    expect(p.top).toBe(488);
  });

  it('is centred when nothing is highlighted, and never wider than the screen', () => {
    expect(placePopup(null, 200, { width: 1280, height: 800 })).toEqual({ left: 470, top: 300, width: 340 });
    expect(placePopup(null, 200, { width: 320, height: 600 }).width).toBe(296);
  });
});
