import fs from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * Typed signatures are written in Dancing Script (SIL OFL 1.1, fonts/DancingScript-OFL.txt), its Latin
 * subset (Finnish and Western European letters). The glyphs are drawn as vector paths in the stamp, so the
 * PDF carries no font program: a few kilobytes per signature, and nothing for a PDF reader to substitute.
 */
const FONT_FILE = path.join(import.meta.dirname, 'fonts', 'DancingScript-Regular-latin.woff');

let font: fontkit.Font | null = null;
function handwritingFont(): fontkit.Font {
  font ??= fontkit.create(fs.readFileSync(FONT_FILE)) as fontkit.Font;
  return font;
}

/** Letters the font lacks become their base letter (ő → o) or are left out. */
function drawable(text: string, f: fontkit.Font): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (/\s/u.test(ch)) out += ' ';
    else if (f.hasGlyphForCodePoint(ch.codePointAt(0)!)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      if ([...base].every((c) => f.hasGlyphForCodePoint(c.codePointAt(0)!))) out += base;
    }
  }
  return out.replace(/ +/g, ' ').trim();
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

export interface Handwriting {
  /** Content-stream path operators (filled with the current colour), in the box's coordinates. */
  ops: string;
  width: number;
  size: number;
}

/**
 * `text` in the handwriting font as filled paths, as large as fits `maxWidth` × `maxHeight` (at most
 * `maxSize` points), its baseline placed so the glyphs sit inside the box starting at (x, y) bottom-left.
 */
export function handwriting(
  text: string,
  box: { x: number; y: number; maxWidth: number; maxHeight: number; maxSize: number },
): Handwriting {
  const f = handwritingFont();
  const run = f.layout(drawable(text, f));
  const em = f.unitsPerEm;
  const advance = Math.max(1, run.advanceWidth);
  const tall = f.ascent - f.descent;
  const size = Math.min(box.maxSize, (box.maxWidth * em) / advance, (box.maxHeight * em) / tall);
  const scale = size / em;
  const baseline = box.y + (box.maxHeight - tall * scale) / 2 - f.descent * scale;
  const ops: string[] = [];
  let penX = 0;
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i]!;
    const ox = box.x + (penX + pos.xOffset) * scale;
    const oy = baseline + pos.yOffset * scale;
    const pt = (x: number, y: number) => `${num(ox + x * scale)} ${num(oy + y * scale)}`;
    let cx = 0;
    let cy = 0;
    for (const { command, args } of glyph.path.commands) {
      const a = args as number[];
      if (command === 'moveTo') ops.push(`${pt(a[0]!, a[1]!)} m`);
      else if (command === 'lineTo') ops.push(`${pt(a[0]!, a[1]!)} l`);
      else if (command === 'bezierCurveTo') {
        ops.push(`${pt(a[0]!, a[1]!)} ${pt(a[2]!, a[3]!)} ${pt(a[4]!, a[5]!)} c`);
      } else if (command === 'quadraticCurveTo') {
        // A quadratic Bézier as the cubic with controls 2/3 of the way to the quadratic's control point.
        const [qx, qy, x, y] = a as [number, number, number, number];
        const c1 = pt(cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy));
        const c2 = pt(x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y));
        ops.push(`${c1} ${c2} ${pt(x, y)} c`);
      } else if (command === 'closePath') ops.push('h');
      if (command !== 'closePath' && a.length >= 2) [cx, cy] = [a[a.length - 2]!, a[a.length - 1]!];
    }
    penX += pos.xAdvance;
  });
  if (ops.length > 0) ops.push('f');
  return { ops: ops.join('\n'), width: advance * scale, size };
}
