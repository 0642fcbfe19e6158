import { PdfDict, name } from './syntax/objects.ts';
import type { IncrementalUpdate } from './syntax/writer.ts';
import type { StandardFont } from './text.ts';

/** The resource names of the standard fonts in every content stream Sinetti writes (stamps, signature pages). */
export const FONT_RESOURCES: Record<StandardFont, string> = { Helvetica: 'F1', 'Helvetica-Bold': 'F2' };

/** Adds the standard fonts (WinAnsi) to the update; returns the /Font resource dictionary that names them. */
export function addStandardFonts(up: IncrementalUpdate): PdfDict {
  return new PdfDict(
    Object.entries(FONT_RESOURCES).map(([base, res]) => [
      res,
      up.add(
        new PdfDict([
          ['Type', name('Font')],
          ['Subtype', name('Type1')],
          ['BaseFont', name(base)],
          ['Encoding', name('WinAnsiEncoding')],
        ]),
      ),
    ]),
  );
}
