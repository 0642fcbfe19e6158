import { randomBytes } from 'node:crypto';
import {
  PDFDocument,
  PDFName,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from '@cantoo/pdf-lib';

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

/** About `megabytes` MB: pages each showing a large image of random (incompressible) grey pixels. */
export async function imagePdf(megabytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const side = 1024;
  for (let i = 0; i < Math.ceil((megabytes * 1024 * 1024) / (side * side)); i++) {
    const image = doc.context.register(
      doc.context.stream(randomBytes(side * side), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      }),
    );
    const page = doc.addPage([595.28, 841.89]);
    page.node.setXObject(PDFName.of('Im0'), image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(480, 0, 0, 480, 56, 300),
      drawObject('Im0'),
      popGraphicsState(),
    );
  }
  return doc.save({ useObjectStreams: false });
}
