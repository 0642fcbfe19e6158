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
}

interface Line {
  text: string;
  font: StandardFont;
  size: number;
  color: string;
}

/** Resource names of the stamp's fonts in its appearance stream. */
export const STAMP_FONTS: Record<StandardFont, string> = { Helvetica: 'F1', 'Helvetica-Bold': 'F2' };

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
  const textX = pad + bar + 4;
  const maxWidth = width - textX - pad;
  const ops = [
    'q 0.95 0.97 1 rg',
    `0 0 ${num(width)} ${num(height)} re f`,
    `0.2 0.38 0.7 rg 0 0 ${bar} ${num(height)} re f`,
    `0.2 0.38 0.7 RG 0.75 w 0.375 0.375 ${num(width - 0.75)} ${num(height - 0.75)} re S Q`,
  ];
  let y = height - pad;
  for (const line of lines) {
    const size = line.size * scale;
    y -= size * leading;
    const text = fitText(line.text, line.font, size, maxWidth);
    ops.push(
      `BT /${STAMP_FONTS[line.font]} ${num(size)} Tf ${line.color} rg ${num(textX)} ${num(y + size * 0.25)} Td ${contentString(text)} Tj ET`,
    );
  }
  return ops.join('\n');
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();
