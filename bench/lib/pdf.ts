import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

/** A text-heavy contract of `pages` A4 pages (40 lines each, no object streams): the benchmarks' input PDF. */
export async function textPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let line = 0; line < 40; line++) {
      page.drawText(`Page ${i + 1}, clause ${line + 1}: the parties agree on these terms.`, {
        x: 56,
        y: 780 - line * 18,
        size: 10,
        font,
      });
    }
  }
  return doc.save({ useObjectStreams: false });
}

/** The median of timings (the middle one of an odd count, the upper middle of an even one). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
