import { FIELD_MIN_SIDE, type FieldKind, type PlacedField } from '@sinetti/contract';

/** A field's box as fractions of its page (contract: fractions of the shown page, origin top left). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A new field's size per kind, as fractions of an A4 page (595 × 842 pt): a signature about 180 × 50 pt,
 * one line of text about 12 pt high with room for its letters, a checkbox about 21 pt square.
 */
export const DEFAULT_SIZE: Record<FieldKind, { width: number; height: number }> = {
  signature: { width: 0.3, height: 0.06 },
  initials: { width: 0.1, height: 0.05 },
  name: { width: 0.3, height: 0.035 },
  date: { width: 0.2, height: 0.035 },
  text: { width: 0.3, height: 0.035 },
  checkbox: { width: 0.035, height: 0.025 },
};

/** Keyboard steps as fractions of the page: an arrow, and Shift with an arrow. */
export const STEP = 0.005;
export const BIG_STEP = 0.05;

/** Fractions kept to 6 decimals: well below a point, and stable across saves. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The box kept inside the page and no smaller than the contract's smallest side. */
export function keepInside(box: Box): Box {
  const width = clamp(box.width, FIELD_MIN_SIDE, 1);
  const height = clamp(box.height, FIELD_MIN_SIDE, 1);
  return {
    x: round(clamp(box.x, 0, 1 - width)),
    y: round(clamp(box.y, 0, 1 - height)),
    width: round(width),
    height: round(height),
  };
}

/** A new field's box of its kind's size, centred on a point of the page (fractions), inside the page. */
export function boxAt(kind: FieldKind, centerX: number, centerY: number): Box {
  const { width, height } = DEFAULT_SIZE[kind];
  return keepInside({ x: centerX - width / 2, y: centerY - height / 2, width, height });
}

/** The box moved by dx, dy (fractions), stopped at the page's edges without changing its size. */
export function moveBy(box: Box, dx: number, dy: number): Box {
  return keepInside({ ...box, x: box.x + dx, y: box.y + dy });
}

/** The box with its right and bottom edges moved by dw, dh (fractions), stopped at the page's edges. */
export function resizeBy(box: Box, dw: number, dh: number): Box {
  return keepInside({
    ...box,
    width: Math.min(box.width + dw, 1 - box.x),
    height: Math.min(box.height + dh, 1 - box.y),
  });
}

/** Only the geometry of a field. */
export function boxOf(field: PlacedField): Box {
  return { x: field.x, y: field.y, width: field.width, height: field.height };
}

/**
 * What a key does to a focused field: arrows move (Shift: farther), Alt or Ctrl with arrows resize
 * (Left/Right the width, Up/Down the height). Null for other keys.
 */
export function boxForKey(
  box: Box,
  key: string,
  { shift, resize }: { shift: boolean; resize: boolean },
): Box | null {
  const step = shift ? BIG_STEP : STEP;
  const delta: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const d = delta[key];
  if (!d) return null;
  return resize ? resizeBy(box, d[0], d[1]) : moveBy(box, d[0], d[1]);
}
