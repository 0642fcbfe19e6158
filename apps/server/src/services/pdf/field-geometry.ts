/**
 * Where a field placed on the page goes in PDF user space (issue #33 item 2). The sender placed it on the
 * page as pdf.js shows it: the crop box (else the media box) turned by the page's /Rotate, origin at the top
 * left, x and width as fractions of the shown width, y and height of the shown height. The PDF wants the
 * annotation's /Rect in unrotated user space, and an appearance whose /Matrix turns it back so that it
 * reads upright as shown (ISO 32000-1 §12.5.5: the form's BBox, transformed by /Matrix, is fitted to /Rect).
 */

/** A page's visible box in user space and its rotation (clockwise, as shown). */
export interface ShownPage {
  /** [llx, lly, urx, ury], normalized (llx < urx, lly < ury). */
  box: [number, number, number, number];
  rotate: 0 | 90 | 180 | 270;
}

/** A field's place: fractions of the shown page, origin top left. */
export interface FieldFractions {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FieldPlacement {
  /** The annotation's rectangle in user space. */
  rect: [number, number, number, number];
  /** The appearance's size as shown (its BBox is [0 0 width height]), in points. */
  width: number;
  height: number;
  /** The appearance's /Matrix: its upright x and y axes turned into user space. */
  matrix: [number, number, number, number, number, number];
}

/** /Rotate read as PDF readers do: a multiple of 90, taken modulo 360 (negative turns counter-clockwise). */
export function normalizeRotation(value: unknown): ShownPage['rotate'] {
  if (typeof value !== 'number' || !Number.isInteger(value) || value % 90 !== 0) return 0;
  return (((value % 360) + 360) % 360) as ShownPage['rotate'];
}

/** The shown page's width and height in points (a quarter turn swaps them). */
export function shownSize(page: ShownPage): { width: number; height: number } {
  const [llx, lly, urx, ury] = page.box;
  const [w, h] = [urx - llx, ury - lly];
  return page.rotate % 180 === 0 ? { width: w, height: h } : { width: h, height: w };
}

/**
 * The user-space point shown at (u, v), fractions of the shown width and height from the top left. Turning
 * the page clockwise brings its bottom left (90), bottom right (180) or top right (270) corner to the top left.
 */
export function userPoint(page: ShownPage, u: number, v: number): [number, number] {
  const [llx, lly, urx, ury] = page.box;
  const [w, h] = [urx - llx, ury - lly];
  switch (page.rotate) {
    case 90:
      return [llx + v * w, lly + u * h];
    case 180:
      return [urx - u * w, lly + v * h];
    case 270:
      return [urx - v * w, ury - u * h];
    default:
      return [llx + u * w, ury - v * h];
  }
}

/** How the appearance's upright axes run in user space, per rotation: [a b c d] of its /Matrix. */
const AXES: Record<ShownPage['rotate'], [number, number, number, number]> = {
  0: [1, 0, 0, 1],
  90: [0, 1, -1, 0],
  180: [-1, 0, 0, -1],
  270: [0, -1, 1, 0],
};

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The field's rectangle in user space and its upright appearance's size and matrix. */
export function placeField(page: ShownPage, field: FieldFractions): FieldPlacement {
  const shown = shownSize(page);
  const [x1, y1] = userPoint(page, field.x, field.y);
  const [x2, y2] = userPoint(page, field.x + field.width, field.y + field.height);
  const [a, b, c, d] = AXES[page.rotate];
  return {
    rect: [
      round(Math.min(x1, x2)),
      round(Math.min(y1, y2)),
      round(Math.max(x1, x2)),
      round(Math.max(y1, y2)),
    ],
    width: round(field.width * shown.width),
    height: round(field.height * shown.height),
    matrix: [a, b, c, d, 0, 0],
  };
}
