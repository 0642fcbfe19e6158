import type { Signee } from './prepare.ts';
import type { Lang } from './stamp.ts';
import { FONT_RESOURCES } from './standard-fonts.ts';
import { contentString, fitText, textWidth, type StandardFont } from './text.ts';

/** A4 in points, the signature pages' size. */
export const PAGE_SIZE: [number, number] = [595.28, 841.89];

/** Resource names of the signature pages' fonts (Type 1 standard fonts, WinAnsiEncoding). */

const TEXTS = {
  en: {
    title: 'Signatures',
    continued: 'Signatures (continued)',
    document: 'Document',
    id: 'Document ID',
    hash: 'SHA-256 of the document before this page',
    note: 'Each signature is a digital signature (PAdES) in this PDF; the boxes show who signed and when.',
    level: 'Level',
  },
  fi: {
    title: 'Allekirjoitukset',
    continued: 'Allekirjoitukset (jatkoa)',
    document: 'Asiakirja',
    id: 'Asiakirjan tunniste',
    hash: 'Asiakirjan SHA-256 ennen tätä sivua',
    note: 'Jokainen allekirjoitus on tämän PDF:n sähköinen allekirjoitus (PAdES); laatikot näyttävät, kuka allekirjoitti ja milloin.',
    level: 'Taso',
  },
} as const;

const MARGIN = 56;
const LABEL_HEIGHT = 16;
const BOX_HEIGHT = 78;
const SLOT_GAP = 16;
const INK = '0.1 0.12 0.2';
const MUTED = '0.4 0.43 0.5';

/** One signature page: its content stream and the signee boxes on it, [index, x, y, width, height]. */
export interface SignaturePage {
  content: string;
  slots: number[][];
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * The signature page(s): a heading, the document's name, id and SHA-256 (of the bytes before the page),
 * then per signee a label (number, name, e-mail, level) and an empty dashed box where the stamp will go,
 * continuing on more pages as needed. Content streams in WinAnsi text with the FONT_RESOURCES resources.
 */
export function layoutSignaturePages(
  signees: Signee[],
  meta: { documentName: string; documentId: string; lang: Lang; sha256: string },
): SignaturePage[] {
  const t = TEXTS[meta.lang];
  const width = PAGE_SIZE[0] - 2 * MARGIN;
  const pages: SignaturePage[] = [];
  let ops: string[] = [];
  let slots: number[][] = [];
  const text = (s: string, x: number, y: number, font: StandardFont, size: number, color: string) =>
    ops.push(
      `BT /${FONT_RESOURCES[font]} ${num(size)} Tf ${color} rg ${num(x)} ${num(y)} Td ${contentString(s)} Tj ET`,
    );
  const line = (s: string, y: number, font: StandardFont, size: number, color = INK) =>
    text(fitText(s, font, size, width), MARGIN, y, font, size, color);
  const finish = () => pages.push({ content: ops.join('\n'), slots });

  let y = PAGE_SIZE[1] - MARGIN - 20;
  line(t.title, y, 'Helvetica-Bold', 20);
  y -= 26;
  line(`${t.document}: ${meta.documentName}`, y, 'Helvetica', 10);
  y -= 14;
  line(`${t.id}: ${meta.documentId}`, y, 'Helvetica', 9, MUTED);
  y -= 13;
  line(`${t.hash}: ${meta.sha256}`, y, 'Helvetica', 7, MUTED);
  y -= 18;
  line(t.note, y, 'Helvetica', 8, MUTED);
  y -= 24;

  signees.forEach((s, index) => {
    if (y - LABEL_HEIGHT - BOX_HEIGHT < MARGIN) {
      finish();
      ops = [];
      slots = [];
      y = PAGE_SIZE[1] - MARGIN - 16;
      line(t.continued, y, 'Helvetica-Bold', 14);
      y -= 28;
    }
    const level = fitText(`${TEXTS[s.lang ?? meta.lang].level}: ${s.level}`, 'Helvetica', 9, width / 3);
    const levelWidth = textWidth(level, 'Helvetica', 9);
    const label = fitText(
      `${index + 1}. ${s.name} <${s.email}>`,
      'Helvetica-Bold',
      10,
      width - levelWidth - 12,
    );
    text(label, MARGIN, y, 'Helvetica-Bold', 10, INK);
    text(level, MARGIN + width - levelWidth, y, 'Helvetica', 9, MUTED);
    const boxY = Math.round((y - 6 - BOX_HEIGHT) * 100) / 100;
    ops.push(`q ${MUTED} RG 0.75 w [3 3] 0 d ${num(MARGIN)} ${num(boxY)} ${num(width)} ${BOX_HEIGHT} re S Q`);
    slots.push([index, MARGIN, boxY, width, BOX_HEIGHT]);
    y = boxY - SLOT_GAP - LABEL_HEIGHT + 6;
  });
  finish();
  return pages;
}
