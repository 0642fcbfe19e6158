import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';
import { textWidth, toWinAnsi, type StandardFont } from './text.ts';

export const A4: [number, number] = [595.28, 841.89];
export const INK = rgb(0.1, 0.12, 0.2);
export const MUTED = rgb(0.4, 0.43, 0.5);

export interface LineStyle {
  font?: StandardFont;
  size?: number;
  color?: RGB;
  indent?: number;
  /** Space after the line(s), in points. */
  after?: number;
}

/** Splits text into lines no wider than `width` (words first; over-long words such as hashes by character). */
export function wrapText(text: string, font: StandardFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of toWinAnsi(text).split(/ +/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, font, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    for (const ch of word) {
      if (textWidth(current + ch, font, size) > width && current) {
        lines.push(current);
        current = '';
      }
      current += ch;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** Writes flowing text top-down on A4 pages, starting a new page when one is full. */
export class TextFlow {
  page: PDFPage;
  y: number;
  readonly width: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Record<StandardFont, PDFFont>,
    private readonly margin = 56,
  ) {
    this.width = A4[0] - 2 * margin;
    this.page = doc.addPage(A4);
    this.y = A4[1] - margin;
  }

  private ensure(height: number): void {
    if (this.y - height >= this.margin) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - this.margin;
  }

  line(text: string, style: LineStyle = {}): void {
    const font = style.font ?? 'Helvetica';
    const size = style.size ?? 10;
    const indent = style.indent ?? 0;
    for (const part of wrapText(text, font, size, this.width - indent)) {
      this.ensure(size * 1.3);
      this.y -= size * 1.3;
      this.page.drawText(part, {
        x: this.margin + indent,
        y: this.y + size * 0.25,
        size,
        font: this.fonts[font],
        color: style.color ?? INK,
      });
    }
    this.y -= style.after ?? 0;
  }

  gap(points: number): void {
    this.y -= points;
  }
}
