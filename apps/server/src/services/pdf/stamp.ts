import { handwriting } from './handwriting.ts';
import type { PdfImage } from './png.ts';
import { FONT_RESOURCES } from './standard-fonts.ts';
import { contentString, fitText, formatHelsinki, type StandardFont } from './text.ts';

export type Lang = 'en' | 'fi';

const LABELS = {
  en: { signed: 'Signed', method: 'Method', heading: 'Electronically signed' },
  fi: { signed: 'Allekirjoitettu', method: 'Tapa', heading: 'Sähköisesti allekirjoitettu' },
} as const;

export interface StampText {
  name: string;
  email: string;
  signedAt: Date;
  method: string;
  lang: Lang;
  /** The signee's own mark, drawn on the left of the box: their drawing, or their typed name in handwriting. */
  mark?: SignatureMark | undefined;
}

export type SignatureMark = { kind: 'image'; image: PdfImage } | { kind: 'typed'; text: string };

/** Resource name of a drawn signature's image XObject in the stamp's appearance stream. */
export const STAMP_IMAGE = 'Im1';

interface Line {
  text: string;
  font: StandardFont;
  size: number;
  color: string;
}

/** Resource names of the stamp's fonts in its appearance stream. */

/**
 * The content stream of a visible signature stamp, drawn in a `width` × `height` box: a tinted panel
 * with an accent bar, then the signee's name, e-mail, the time in Helsinki and the signing method.
 * Text is shrunk to fit the box's height and shortened to fit its width.
 */
export function stampContent(width: number, height: number, t: StampText): string {
  const l = LABELS[t.lang];
  const lines: Line[] = [
    { text: l.heading, font: 'Helvetica', size: 7, color: '0.35 0.4 0.5' },
    { text: t.name, font: 'Helvetica-Bold', size: 12, color: '0.08 0.12 0.25' },
    { text: t.email, font: 'Helvetica', size: 9, color: '0.15 0.2 0.3' },
    {
      text: `${l.signed}: ${formatHelsinki(t.signedAt, t.lang)}`,
      font: 'Helvetica',
      size: 8,
      color: '0.15 0.2 0.3',
    },
    { text: `${l.method}: ${t.method}`, font: 'Helvetica', size: 8, color: '0.15 0.2 0.3' },
  ];
  const pad = 6;
  const bar = 3;
  const leading = 1.25;
  const natural = lines.reduce((sum, line) => sum + line.size * leading, 0);
  const scale = Math.min(1, (height - 2 * pad) / natural);
  const markWidth = t.mark ? Math.min(MARK_MAX_WIDTH, width * 0.4) : 0;
  const textX = pad + bar + 4 + markWidth;
  const maxWidth = width - textX - pad;
  const ops = [
    'q 0.95 0.97 1 rg',
    `0 0 ${num(width)} ${num(height)} re f`,
    `0.2 0.38 0.7 rg 0 0 ${bar} ${num(height)} re f`,
    `0.2 0.38 0.7 RG 0.75 w 0.375 0.375 ${num(width - 0.75)} ${num(height - 0.75)} re S Q`,
  ];
  if (t.mark)
    ops.push(markContent(t.mark, { x: pad + bar + 4, y: pad, w: markWidth - 8, h: height - 2 * pad }));
  let y = height - pad;
  for (const line of lines) {
    const size = line.size * scale;
    y -= size * leading;
    const text = fitText(line.text, line.font, size, maxWidth);
    ops.push(
      `BT /${FONT_RESOURCES[line.font]} ${num(size)} Tf ${line.color} rg ${num(textX)} ${num(y + size * 0.25)} Td ${contentString(text)} Tj ET`,
    );
  }
  return ops.join('\n');
}

/** The widest the signee's mark gets, in points; the rest of the box is for the text. */
const MARK_MAX_WIDTH = 190;

/**
 * The signee's mark in the box `b`, with a thin signature line under it and a divider on its right: a
 * drawing scaled to fit (aspect kept, centred), or typed text in handwriting, plus the same text invisible
 * (rendering mode 3) in Helvetica so that text extraction and search find the typed signature.
 */
function markContent(mark: SignatureMark, b: { x: number; y: number; w: number; h: number }): string {
  const ops = [
    `q 0.55 0.6 0.7 RG 0.5 w ${num(b.x)} ${num(b.y + 4)} m ${num(b.x + b.w)} ${num(b.y + 4)} l S`,
    `${num(b.x + b.w + 4)} ${num(b.y)} m ${num(b.x + b.w + 4)} ${num(b.y + b.h)} l S Q`,
  ];
  ops.push(markInk(mark, { x: b.x + 2, y: b.y + 6, w: b.w - 4, h: b.h - 8 }));
  return ops.join('\n');
}

/**
 * The mark itself fitted into `area`: a drawing scaled to fit (aspect kept, centred; the image is the
 * appearance's STAMP_IMAGE), or typed text in handwriting plus the same text invisible in Helvetica.
 * Also what a signature field placed on the page shows (field-stamps.ts).
 */
export function markInk(mark: SignatureMark, area: { x: number; y: number; w: number; h: number }): string {
  const ops: string[] = [];
  if (mark.kind === 'image') {
    const s = Math.min(area.w / mark.image.width, area.h / mark.image.height);
    const [w, h] = [mark.image.width * s, mark.image.height * s];
    const [x, y] = [area.x + (area.w - w) / 2, area.y + (area.h - h) / 2];
    ops.push(`q ${num(w)} 0 0 ${num(h)} ${num(x)} ${num(y)} cm /${STAMP_IMAGE} Do Q`);
  } else {
    const hand = handwriting(mark.text, {
      x: area.x,
      y: area.y,
      maxWidth: area.w,
      maxHeight: area.h,
      maxSize: 30,
    });
    if (hand.ops) ops.push(`q 0.05 0.12 0.4 rg\n${hand.ops}\nQ`);
    const size = Math.max(1, Math.min(hand.size * 0.6, 12));
    const text = fitText(mark.text, 'Helvetica', size, area.w);
    ops.push(
      `q BT 3 Tr /${FONT_RESOURCES.Helvetica} ${num(size)} Tf ${num(area.x)} ${num(area.y + area.h / 3)} Td ${contentString(text)} Tj ET Q`,
    );
  }
  return ops.join('\n');
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();
