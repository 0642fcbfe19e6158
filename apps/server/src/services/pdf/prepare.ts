import { createHash } from 'node:crypto';
import { PDFDocument, PDFName, StandardFonts, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { A4, INK, MUTED } from './layout-flow.ts';
import { SLOTS_KEY } from './signature-update.ts';
import type { Lang } from './stamp.ts';
import { fitText } from './text.ts';

export interface Signee {
  name: string;
  email: string;
  /** The signing level as shown to people, e.g. "Simple" or "Advanced". */
  level: string;
}

export interface PrepareMeta {
  documentName: string;
  documentId: string;
  lang: Lang;
}

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

/**
 * Fixes the version to be signed: the PDF rendition plus signature page(s) listing every signee with an
 * empty box where their stamp will go. The boxes' positions are recorded on the page (/SinettiSlots) for
 * addSignature. Returns the bytes and their SHA-256 (hex). The result uses a classic cross-reference
 * table, so later signatures append small incremental updates.
 */
export async function prepareForSigning(
  pdfBytes: Uint8Array,
  signees: Signee[],
  meta: PrepareMeta,
): Promise<{ pdf: Uint8Array; sha256: string }> {
  if (signees.length === 0) throw new Error('A document to sign needs at least one signee.');
  const t = TEXTS[meta.lang];
  const doc = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  const write = (page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) =>
    page.drawText(fitText(text, font === bold ? 'Helvetica-Bold' : 'Helvetica', size, width), {
      x: MARGIN,
      y,
      size,
      font,
      color,
    });

  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN - 20;
  write(page, t.title, y, bold, 20);
  y -= 26;
  write(page, `${t.document}: ${meta.documentName}`, y, regular, 10);
  y -= 14;
  write(page, `${t.id}: ${meta.documentId}`, y, regular, 9, MUTED);
  y -= 13;
  write(page, `${t.hash}: ${createHash('sha256').update(pdfBytes).digest('hex')}`, y, regular, 7, MUTED);
  y -= 18;
  write(page, t.note, y, regular, 8, MUTED);
  y -= 24;

  let slots: number[][] = [];
  const record = () => page.node.set(PDFName.of(SLOTS_KEY), doc.context.obj(slots));
  signees.forEach((s, index) => {
    if (y - LABEL_HEIGHT - BOX_HEIGHT < MARGIN) {
      record();
      page = doc.addPage(A4);
      slots = [];
      y = A4[1] - MARGIN - 16;
      write(page, t.continued, y, bold, 14);
      y -= 28;
    }
    const label = `${index + 1}. ${s.name} <${s.email}>`;
    const level = fitText(`${t.level}: ${s.level}`, 'Helvetica', 9, width / 3);
    const levelWidth = regular.widthOfTextAtSize(level, 9);
    page.drawText(fitText(label, 'Helvetica-Bold', 10, width - levelWidth - 12), {
      x: MARGIN,
      y,
      size: 10,
      font: bold,
      color: INK,
    });
    page.drawText(level, { x: MARGIN + width - levelWidth, y, size: 9, font: regular, color: MUTED });
    const boxY = y - 6 - BOX_HEIGHT;
    page.drawRectangle({
      x: MARGIN,
      y: boxY,
      width,
      height: BOX_HEIGHT,
      borderColor: MUTED,
      borderWidth: 0.75,
      borderDashArray: [3, 3],
    });
    slots.push([index, MARGIN, boxY, width, BOX_HEIGHT]);
    y = boxY - SLOT_GAP - LABEL_HEIGHT + 6;
  });
  record();
  doc.setProducer('Sinetti');
  const pdf = await doc.save({ useObjectStreams: false });
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}
