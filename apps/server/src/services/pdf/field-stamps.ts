import { PdfError } from './syntax/errors.ts';
import { PdfDict, PdfRef, PdfString, name, serialize, type PdfValue } from './syntax/objects.ts';
import { pageRefs } from './syntax/pages.ts';
import type { PdfReader } from './syntax/reader.ts';
import type { IncrementalUpdate } from './syntax/writer.ts';
import { normalizeRotation, placeField, type FieldFractions, type ShownPage } from './field-geometry.ts';
import { FONT_RESOURCES } from './standard-fonts.ts';
import { markInk, type SignatureMark } from './stamp.ts';
import { contentString, fitText, textStringBytes, textWidth, toWinAnsi } from './text.ts';

/**
 * The values of a signee's fields placed on the document, drawn where they were placed (issue #33 item 2;
 * docs/decisions.md "Fields on the page"). Each value is a stamp annotation in the same incremental update
 * as the signee's signature, so that their signature covers it; it names the signature's field
 * (SIGNED_WITH_KEY) so that a verifier can tell it from an annotation added by someone else.
 */

/** Key of a field's annotation: the signature field (widget) of the update that added it. */
export const SIGNED_WITH_KEY = 'SinettiSignedWith';

/** What one field shows; plain data, so it can be sent to a worker thread. */
export type FieldShown =
  | { kind: 'text'; text: string }
  | { kind: 'checkbox'; checked: boolean }
  /** The signee's mark (their drawing or typed name), as the stamp on the signature page draws it. */
  | { kind: 'mark' };

export interface FieldStamp extends FieldFractions {
  /** 1-based page of the document. */
  page: number;
  shown: FieldShown;
}

/** Print + ReadOnly + Locked + LockedContents (ISO 32000-2 §12.5.3): printed, never changed or moved. */
export const FIELD_ANNOT_FLAGS = 4 + 64 + 128 + 512;

const INK = '0.05 0.1 0.3';
const LEADING = 1.2;
const MAX_SIZE = 14;
const MIN_SIZE = 4;
const num = (n: number) => (Math.round(n * 100) / 100).toString();

/** Words of `text` in lines no wider than `width` at `size`; a word too long for a line is split. */
function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => textWidth(s, 'Helvetica', size) <= width;
  for (const word of text.split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const ch of word) {
      if (line && !fits(line + ch)) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Text fitted into a `width` × `height` box: the largest size (at most MAX_SIZE) at which it fits, wrapped
 * onto lines when that lets it be larger; at MIN_SIZE what does not fit is cut with an ellipsis.
 */
export function fitTextBox(text: string, width: number, height: number): { size: number; lines: string[] } {
  const safe = toWinAnsi(text).replace(/\s+/g, ' ').trim();
  const floor = Math.min(MIN_SIZE, height / LEADING);
  for (let size = Math.min(MAX_SIZE, height / LEADING); size >= floor; size *= 0.92) {
    const lines = wrap(safe, size, width);
    if (lines.length * size * LEADING <= height) return { size, lines };
  }
  const room = Math.max(1, Math.floor(height / (floor * LEADING)));
  const lines = wrap(safe, floor, width);
  if (lines.length <= room) return { size: floor, lines };
  const kept = lines.slice(0, room);
  kept[room - 1] = fitText(`${kept[room - 1]} ${lines[room]}`, 'Helvetica', floor, width);
  return { size: floor, lines: kept };
}

function textContent(text: string, w: number, h: number): string {
  const pad = Math.min(2, w * 0.05, h * 0.1);
  const { size, lines } = fitTextBox(text, w - 2 * pad, h - 2 * pad);
  const blockTop = (h + lines.length * size * LEADING) / 2;
  const ops = lines.map((line, i) => {
    const baseline = blockTop - (i + 0.5) * size * LEADING - size * 0.35;
    return `BT /${FONT_RESOURCES.Helvetica} ${num(size)} Tf ${INK} rg ${num(pad)} ${num(baseline)} Td ${contentString(line)} Tj ET`;
  });
  return ops.join('\n');
}

/** A square box (the field's smaller side), with a check mark when checked. */
function checkboxContent(checked: boolean, w: number, h: number): string {
  const side = Math.min(w, h);
  const [x, y] = [(w - side) / 2, (h - side) / 2];
  const line = Math.max(0.5, side * 0.04);
  const ops = [
    `q 0.3 0.33 0.4 RG ${num(line)} w ${num(x + line / 2)} ${num(y + line / 2)} ${num(side - line)} ${num(side - line)} re S Q`,
  ];
  if (checked) {
    const p = (fx: number, fy: number) => `${num(x + fx * side)} ${num(y + fy * side)}`;
    ops.push(
      `q ${INK} RG ${num(side * 0.12)} w 1 J 1 j ${p(0.22, 0.52)} m ${p(0.42, 0.28)} l ${p(0.8, 0.76)} l S Q`,
    );
  }
  return ops.join('\n');
}

/** The appearance's content stream of a field `w` × `h` points as shown, clipped to its box. */
export function fieldContent(shown: FieldShown, w: number, h: number, mark: SignatureMark): string {
  const inner =
    shown.kind === 'text'
      ? textContent(shown.text, w, h)
      : shown.kind === 'checkbox'
        ? checkboxContent(shown.checked, w, h)
        : markInk(mark, { x: 1, y: 1, w: w - 2, h: h - 2 });
  return `q 0 0 ${num(w)} ${num(h)} re W n\n${inner}\nQ`;
}

const textString = (s: string) => new PdfString(textStringBytes(s));
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** An inheritable page attribute (ISO 32000-1 §7.7.3.4): the page's own, else its nearest ancestor's. */
function inherited(reader: PdfReader, page: PdfRef, key: string): PdfValue | undefined {
  const seen = new Set<number>();
  let node: PdfValue | undefined = page;
  while (node instanceof PdfRef && !seen.has(node.num) && seen.size < 64) {
    seen.add(node.num);
    const dict = reader.dict(node);
    if (!dict) return undefined;
    const value = reader.resolve(dict.get(key));
    if (value !== undefined && value !== null) return value;
    node = dict.get('Parent');
  }
  return undefined;
}

function rectangle(value: PdfValue | undefined): [number, number, number, number] | null {
  if (!Array.isArray(value) || value.length !== 4 || !value.every(isNumber)) return null;
  const [a, b, c, d] = value as number[];
  const box: [number, number, number, number] = [
    Math.min(a!, c!),
    Math.min(b!, d!),
    Math.max(a!, c!),
    Math.max(b!, d!),
  ];
  return box[2] - box[0] > 0 && box[3] - box[1] > 0 ? box : null;
}

/** The page as pdf.js shows it: its crop box (else media box, else US Letter) and rotation. */
export function shownPageOf(reader: PdfReader, page: PdfRef): ShownPage {
  const box =
    rectangle(inherited(reader, page, 'CropBox')) ??
    rectangle(inherited(reader, page, 'MediaBox')) ??
    ([0, 0, 612, 792] as [number, number, number, number]);
  return { box, rotate: normalizeRotation(inherited(reader, page, 'Rotate')) };
}

/**
 * Lays out a stamp annotation per field (returned with the page it is on), its appearance drawn with
 * `resources` (the update's standard fonts and the signee's drawing), naming the signature field
 * `signature` and the signee as its author. The pages are found by walking the page tree once; a page the
 * document lacks makes the signature impossible (PDF_UNSIGNABLE).
 */
export function layoutFieldStamps(
  reader: PdfReader,
  up: IncrementalUpdate,
  fields: FieldStamp[],
  opts: { signature: PdfRef; resources: PdfDict; mark: SignatureMark; author?: string | undefined },
): { page: PdfRef; annot: PdfRef }[] {
  const pages = pageRefs(reader);
  return fields.map((field) => {
    const page = pages[field.page - 1];
    if (!page) {
      throw new PdfError('PDF_UNSIGNABLE', `The PDF has no page ${field.page} for a field placed on it.`);
    }
    const at = placeField(shownPageOf(reader, page), field);
    const content = fieldContent(field.shown, at.width, at.height, opts.mark);
    const ap = new PdfDict([
      ['Type', name('XObject')],
      ['Subtype', name('Form')],
      ['BBox', [0, 0, at.width, at.height]],
      ['Matrix', at.matrix],
      ['Resources', opts.resources],
      ['Length', content.length],
    ]);
    const apRef = up.add({ raw: `${serialize(ap)}\nstream\n${content}\nendstream` });
    const annot = new PdfDict([
      ['Type', name('Annot')],
      ['Subtype', name('Stamp')],
      ['F', FIELD_ANNOT_FLAGS],
      ['P', page],
      ['Rect', at.rect],
      ['AP', new PdfDict([['N', apRef]])],
      [SIGNED_WITH_KEY, opts.signature],
    ]);
    if (opts.author) annot.set('T', textString(opts.author));
    // What a screen reader says of a text field: its text.
    if (field.shown.kind === 'text' && field.shown.text) annot.set('Contents', textString(field.shown.text));
    return { page, annot: up.add(annot) };
  });
}
